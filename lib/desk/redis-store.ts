import type { RedisScripts } from '@/lib/redis/client';
import { KEY_PREFIX } from '@/lib/redis/keys';
import type { DeskStore } from './store';

// Each operation is one script, so each is atomic across instances. Times to live are in milliseconds (ARGV[1]).
const PUT = `return redis.call('SET', KEYS[1], '1', 'PX', ARGV[1]) and 1 or 0`;
// DEL answers 1 only to the one caller that removed the key (an expired key is already gone): GETDEL, without
// needing Redis 6.2.
const TAKE = `return redis.call('DEL', KEYS[1])`;
const HAS = `return redis.call('EXISTS', KEYS[1])`;
const END = `return redis.call('DEL', KEYS[1])`;
// The window starts with its first request and ends with the key.
const COUNT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
`;
const SESSION_KEY = `
redis.call('SET', KEYS[1], ARGV[1], 'NX')
return redis.call('GET', KEYS[1])
`;

export interface RedisDeskStoreOptions {
  /** Key prefix (tests use their own); the store adds `:desk:`. */
  prefix?: string;
  /** Closes the connection when the store opened its own; a shared connection is left alone. */
  closeConnection?: () => void;
}

/**
 * The desk's store in Redis, shared by every instance: `<prefix>:desk:token:<hash>` and `:session:<id>` expire
 * with their time to live, `:link-requests` with its window, and `:session-key` is kept.
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

  async countLinkRequest(windowSeconds: number): Promise<number> {
    const count = await this.redis.evaluate(COUNT, [`${this.prefix}:link-requests`], [milliseconds(windowSeconds)]);
    if (typeof count !== 'number') throw new Error(`Redis answered the link-request count with ${String(count)}`);
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
