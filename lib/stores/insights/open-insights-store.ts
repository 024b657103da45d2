import path from 'node:path';
import type { Config } from '@/lib/config/env';
import type { InsightsStore } from '@/lib/stores/insights/insights-store';
import { privateFolder } from '@/lib/private-folder';

/**
 * The store the configuration names: Redis with REDIS_URL (every instance counts together), else the embedded
 * store in `<DATA_DIR>/insights`, open to the server's user alone. Loaded only when used, so nothing of either is
 * loaded with INSIGHTS=false.
 */
export async function openInsightsStore(config: Config): Promise<InsightsStore> {
  if (config.REDIS_URL) {
    const { RedisInsightsStore } = await import('@/lib/stores/insights/redis-insights-store');
    // The server shares the connection of its other stores (lib/stores/open-stores.ts); a command has its own.
    const { sharedRedis } = await import('@/lib/stores/open-stores');
    const shared = sharedRedis();
    if (shared) return new RedisInsightsStore(shared, config.INSIGHTS_RETENTION_DAYS);
    const { SharedRedis } = await import('@/lib/stores/redis/redis-connection');
    const redis = new SharedRedis(config.REDIS_URL);
    await redis.connect();
    return new RedisInsightsStore(redis, config.INSIGHTS_RETENTION_DAYS, () => redis.close());
  }
  const { LmdbInsightsStore } = await import('./lmdb-insights-store');
  const directory = path.resolve(config.DATA_DIR, 'insights');
  privateFolder(directory);
  return new LmdbInsightsStore(directory);
}
