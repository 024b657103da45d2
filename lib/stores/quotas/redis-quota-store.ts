import { MemoryQuotaStore, type QuotaOptions, type QuotaState, type QuotaStore } from './quota-store';
import type { RedisScripts } from '../redis/redis-connection';
import { RedisUnavailableError } from '../redis/redis-unavailable';
import { KEY_PREFIX } from '../redis/redis-keys';
import { QuotaReplySchema } from '../redis/stored-value-schemas';

/**
 * One fixed window, counted atomically: the first request of a window creates the counter with the window as its
 * time to live, so every instance counts into the same window and Redis drops it when it ends. (A counter
 * without a time to live, which only a crash between INCR and PEXPIRE outside a script could leave, gets one.)
 * KEYS[1] the counter; ARGV[1] the window in milliseconds. Answers {count, milliseconds left}.
 */
const CONSUME = `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return { count, left }
`;

/**
 * Quotas counted in Redis, shared by every instance, with the same fixed windows as MemoryQuotaStore. A small
 * Lua script rather than rate-limiter-flexible: the interface passes the limit and window with each call, which
 * one script serves as is, and the answer (count and time left) maps directly onto QuotaState.
 *
 * When Redis cannot answer, counting falls back to this instance's memory: a quota protects the site, it is not
 * a promise to a client, and refusing every API call because the counter is away would turn a Redis outage into
 * a site outage. Each instance then enforces the limit on its own (at worst N times the limit across N
 * instances) until Redis is back.
 */
export class RedisQuotaStore implements QuotaStore {
  constructor(
    private readonly redis: RedisScripts,
    private readonly fallback: QuotaStore = new MemoryQuotaStore(),
    private readonly prefix = KEY_PREFIX,
  ) {}

  async consume(key: string, limit: number, windowSeconds: number, options?: QuotaOptions): Promise<QuotaState> {
    let reply: unknown;
    try {
      reply = await this.redis.evaluate(CONSUME, [`${this.prefix}:quota:${key}`], [String(windowSeconds * 1000)]);
    } catch (error) {
      if (error instanceof RedisUnavailableError) return this.fallback.consume(key, limit, windowSeconds, options);
      throw error;
    }
    const [count, leftMs] = QuotaReplySchema.parse(reply);
    return {
      limit,
      remaining: Math.max(0, limit - count),
      reset: Math.max(1, Math.ceil(leftMs / 1000)),
      windowSeconds,
      allowed: count <= limit,
      used: count,
    };
  }
}
