import type { EndOutcome, EndedSessionStore } from './ended-session-store';
import type { RedisScripts } from '../redis/redis-connection';
import { RedisUnavailableError, ServiceUnavailableError } from '../redis/redis-unavailable';
import { KEY_PREFIX } from '../redis/redis-keys';

// Ended sessions are one sorted set, scored by the end of each session's lifetime: entries past it are dropped on
// each write, and no other entry is ever dropped (that would make an ended id work again), so a set holding
// `maxEnded` live entries refuses the next one (-1) instead. It is bounded in number and time as the memory store
// is; the key itself expires with its last session. ZSCORE makes a second DELETE, from any instance, see the
// first. KEYS[1] the set; ARGV: id, until (ms), now (ms), maxEnded. Returns 1 ended, 0 already ended, -1 full.
const END = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return -1 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[1], last[2])
return 1
`;
const HAS_ENDED = `
local ends = redis.call('ZSCORE', KEYS[1], ARGV[1])
return (ends and tonumber(ends) > tonumber(ARGV[2])) and 1 or 0
`;

interface RedisEndedSessionsOptions {
  prefix?: string;
  /** The most ended sessions remembered (MCP_MAX_SESSIONS). */
  maxEnded?: number;
  now?: () => number;
}

/**
 * The sessions DELETE ended, in Redis, so that a session ended on one instance is 404 on every other. When
 * Redis cannot answer, ending a session is 503 (it could not be recorded), and a session request is served:
 * the id itself proves the session, and refusing it would strand every client for an outage.
 */
export class RedisEndedSessions implements EndedSessionStore {
  private readonly key: string;
  private readonly maxEnded: number;
  private readonly now: () => number;

  constructor(
    private readonly redis: RedisScripts,
    options: RedisEndedSessionsOptions = {},
  ) {
    this.key = `${options.prefix ?? KEY_PREFIX}:mcp-ended`;
    this.maxEnded = Math.max(1, options.maxEnded ?? 10_000);
    this.now = options.now ?? Date.now;
  }

  async end(id: string, until: number): Promise<EndOutcome> {
    try {
      const args = [id, String(Math.ceil(until)), String(this.now()), String(this.maxEnded)];
      const outcome = await this.redis.evaluate(END, [this.key], args);
      return outcome === 1 ? 'ended' : outcome === 0 ? 'already-ended' : 'full';
    } catch (error) {
      if (!(error instanceof RedisUnavailableError)) throw error;
      throw new ServiceUnavailableError(
        'Ended MCP sessions are kept in a store shared by all instances of this server, and it cannot be reached right now.',
        'Retry the DELETE in a few seconds (see Retry-After); the session stays usable meanwhile.',
      );
    }
  }

  async hasEnded(id: string): Promise<boolean> {
    try {
      return (await this.redis.evaluate(HAS_ENDED, [this.key], [id, String(this.now())])) === 1;
    } catch (error) {
      if (error instanceof RedisUnavailableError) return false;
      throw error;
    }
  }
}
