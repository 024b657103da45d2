import type { RedisScripts } from '@/lib/stores/redis/redis-connection';
import { KEY_PREFIX } from '@/lib/stores/redis/redis-keys';
import type { DeskStore, LinkRequestCount, LinkRequestLimits } from './desk-store';

// Each operation is one script, so each is atomic across instances. Times to live are in milliseconds (ARGV[1]).
const PUT = `return redis.call('SET', KEYS[1], '1', 'PX', ARGV[1]) and 1 or 0`;
// DEL answers 1 only to the one caller that removed the key (an expired key is already gone): GETDEL, without
// needing Redis 6.2.
const TAKE = `return redis.call('DEL', KEYS[1])`;
const HAS = `return redis.call('EXISTS', KEYS[1])`;
const END = `return redis.call('DEL', KEYS[1])`;
// KEYS: the client's count and the site's; ARGV: their limits and the window. Each window starts with its first
// counted request and ends with its key. Answers 0 when counted, 1 when the client's limit refused it, 2 the site's.
const COUNT_LINK_REQUEST = `
if tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[1]) then return 1 end
if tonumber(redis.call('GET', KEYS[2]) or '0') >= tonumber(ARGV[2]) then return 2 end
for _, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[3]) end
end
return 0
`;
const LINK_REQUEST_COUNTS: readonly LinkRequestCount[] = ['counted', 'client-capped', 'site-capped'];
const SESSION_KEY = `
redis.call('SET', KEYS[1], ARGV[1], 'NX')
return redis.call('GET', KEYS[1])
`;

interface RedisDeskStoreOptions {
  /** Key prefix (tests use their own); the store adds `:desk:`. */
  prefix?: string;
  /** Closes the connection when the store opened its own; a shared connection is left alone. */
  closeConnection?: () => void;
}

/**
 * The desk's store in Redis, shared by every instance: `<prefix>:desk:token:<hash>` and `:session:<id>` expire
 * with their time to live, `:{link-requests}:site` and `:{link-requests}:client:<client>` with their windows (one
 * hash tag, so the script that counts both finds them on one node of a cluster), and `:session-key` is kept.
 */
export class RedisDeskStore implements DeskStore {
  private readonly prefix: string;
  private readonly closeConnection: () => void;

  constructor(
    private readonly redis: RedisScripts,
    options: RedisDeskStoreOptions = {},
  ) {
    this.prefix = `${options.prefix ?? KEY_PREFIX}:desk`;
    this.closeConnection = options.closeConnection ?? (() => {});
  }

  async putSignInToken(hash: string, ttlSeconds: number): Promise<void> {
    await this.redis.evaluate(PUT, [`${this.prefix}:token:${hash}`], [milliseconds(ttlSeconds)]);
  }

  async takeSignInToken(hash: string): Promise<boolean> {
    return (await this.redis.evaluate(TAKE, [`${this.prefix}:token:${hash}`], [])) === 1;
  }

  async putSession(id: string, ttlSeconds: number): Promise<void> {
    await this.redis.evaluate(PUT, [`${this.prefix}:session:${id}`], [milliseconds(ttlSeconds)]);
  }

  async hasSession(id: string): Promise<boolean> {
    return (await this.redis.evaluate(HAS, [`${this.prefix}:session:${id}`], [])) === 1;
  }

  async endSession(id: string): Promise<void> {
    await this.redis.evaluate(END, [`${this.prefix}:session:${id}`], []);
  }

  async countLinkRequest(client: string, limits: LinkRequestLimits): Promise<LinkRequestCount> {
    const answer = await this.redis.evaluate(
      COUNT_LINK_REQUEST,
      [`${this.prefix}:{link-requests}:client:${client}`, `${this.prefix}:{link-requests}:site`],
      [String(limits.perClient), String(limits.siteWide), milliseconds(limits.windowSeconds)],
    );
    const count = typeof answer === 'number' ? LINK_REQUEST_COUNTS[answer] : undefined;
    if (!count) throw new Error(`Redis answered the link-request count with ${String(answer)}`);
    return count;
  }

  async sessionKey(candidate: string): Promise<string> {
    const kept = await this.redis.evaluate(SESSION_KEY, [`${this.prefix}:session-key`], [candidate]);
    if (typeof kept !== 'string') throw new Error('Redis answered the desk session key with something not a string');
    return kept;
  }

  async close(): Promise<void> {
    this.closeConnection();
  }
}

/** PX and PEXPIRE take whole milliseconds, at least one. */
const milliseconds = (seconds: number) => String(Math.max(1, Math.ceil(seconds * 1000)));
