import path from 'node:path';
import type { Config } from '@/lib/config/env';
import type { InsightsStore } from './store';

/**
 * The store the configuration names: Redis with REDIS_URL (every instance counts together), else the embedded
 * store in `<DATA_DIR>/insights`. Loaded only when used, so nothing of either is loaded with INSIGHTS=false.
 */
export async function openInsightsStore(
  config: Config,
  { waitForRedis }: { waitForRedis: boolean },
): Promise<InsightsStore> {
  if (config.REDIS_URL) {
    const { SharedRedis } = await import('@/lib/redis/client');
    const { RedisInsightsStore } = await import('@/lib/redis/insights-store');
    const redis = new SharedRedis(config.REDIS_URL);
    // The server has waited for Redis once already (lib/redis/shared-stores.ts), so its connection comes up in the
    // background and counts wait in memory until it does; npm run insights and digest wait for it.
    if (waitForRedis) await redis.connect();
    else void redis.connect();
    return new RedisInsightsStore(redis, config.INSIGHTS_RETENTION_DAYS, () => redis.close());
  }
  const { LmdbInsightsStore } = await import('./lmdb-store');
  return new LmdbInsightsStore(path.resolve(config.DATA_DIR, 'insights'));
}
