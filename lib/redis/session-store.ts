import { MAX_SESSIONS, SESSION_IDLE_MS, type SessionRecord, type SessionStore } from '@/lib/mcp/sessions';
import type { RedisScripts } from './client';
import { RedisUnavailableError, ServiceUnavailableError } from './errors';
import { KEY_PREFIX } from './keys';
import { StoredSessionSchema, StringOrNilReplySchema, parseStored } from './schemas';

// Each session is a JSON string whose time to live is the idle time, restarted by every use. Beside them an
// index (a sorted set: id -> last use, in microseconds of Redis's own clock, so that the instances' clocks never
// disagree and sessions made in the same millisecond still have an order) gives the memory store's bound: at
// create, entries idle past expiry are dropped and, when the bound is reached, the least recently used sessions
// are evicted. The index expires with the last session. All keys share one hash tag, so that the scripts also
// work on a Redis Cluster.
// KEYS[1] the session, KEYS[2] the index; ARGV[1] the id, then as named in each script.

const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
`;

/** ARGV[2] the record, ARGV[3] idle ms, ARGV[4] the bound, ARGV[5] the prefix of session keys. */
const CREATE = `${NOW}
local idle = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - idle * 1000)
local over = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[4]) + 1
if over > 0 then
  local oldest = redis.call('ZPOPMIN', KEYS[2], over)
  for i = 1, #oldest, 2 do redis.call('DEL', ARGV[5] .. oldest[i]) end
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', idle)
redis.call('ZADD', KEYS[2], now, ARGV[1])
redis.call('PEXPIRE', KEYS[2], idle)
return 1
`;

/** ARGV[2] idle ms. Answers the record, or nil when the session is unknown or expired. */
const TOUCH = `
local record = redis.call('GET', KEYS[1])
if not record then
  redis.call('ZREM', KEYS[2], ARGV[1])
  return false
end
${NOW}
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], now, ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return record
`;

/** Answers 1 when a live session was ended, 0 when there was none. */
const DELETE = `
redis.call('ZREM', KEYS[2], ARGV[1])
return redis.call('DEL', KEYS[1])
`;

export interface RedisSessionStoreOptions {
  idleMs?: number;
  /** The most live sessions kept in this Redis, for all instances together. */
  maxSessions?: number;
  prefix?: string;
}

/**
 * MCP sessions in Redis, so that any instance serves a session another one created. Lifetimes and the
 * bound are the memory store's: SESSION_IDLE_MS idle, MAX_SESSIONS kept, least recently used evicted. When Redis
 * cannot answer, every method throws 503 SERVICE_UNAVAILABLE: this instance cannot tell whether a session
 * exists, and a 404 would wrongly tell the client that its session is gone.
 */
export class RedisSessionStore implements SessionStore {
  private readonly idleMs: number;
  private readonly maxSessions: number;
  private readonly keyPrefix: string;
  private readonly index: string;

  constructor(
    private readonly redis: RedisScripts,
    options: RedisSessionStoreOptions = {},
  ) {
    this.idleMs = options.idleMs ?? SESSION_IDLE_MS;
    this.maxSessions = Math.max(1, options.maxSessions ?? MAX_SESSIONS);
    const tag = `{${options.prefix ?? KEY_PREFIX}:mcp}`;
    this.keyPrefix = `${tag}:session:`;
    this.index = `${tag}:sessions`;
  }

  async create(record: SessionRecord): Promise<void> {
    await this.run(CREATE, record.id, [
      JSON.stringify(record),
      String(this.idleMs),
      String(this.maxSessions),
      this.keyPrefix,
    ]);
  }

  async touch(id: string): Promise<SessionRecord | undefined> {
    const stored = StringOrNilReplySchema.parse(await this.run(TOUCH, id, [String(this.idleMs)]));
    if (stored === null) return undefined;
    const record = parseStored(StoredSessionSchema, stored);
    // A record this version cannot read names no session it can serve; the client starts a new one.
    if (!record || record.id !== id) {
      await this.delete(id);
      return undefined;
    }
    return record;
  }

  async delete(id: string): Promise<boolean> {
    return (await this.run(DELETE, id, [])) === 1;
  }

  private async run(script: string, id: string, args: string[]): Promise<unknown> {
    try {
      return await this.redis.evaluate(script, [this.keyPrefix + id, this.index], [id, ...args]);
    } catch (error) {
      if (!(error instanceof RedisUnavailableError)) throw error;
      throw new ServiceUnavailableError(
        'MCP sessions are kept in a store shared by all instances of this server, and it cannot be reached right now.',
        'Retry the same request in a few seconds (see Retry-After); an existing session is not ended by this.',
      );
    }
  }
}
