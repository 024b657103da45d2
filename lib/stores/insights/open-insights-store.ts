import path from 'node:path';
import type { Config } from '@/lib/config/env';
import { redisForStore } from '../redis/shared-connection';
import type { InsightsStore } from './insights-store';
import { privateFolder } from '@/lib/private-folder';

/**
 * The store the configuration names: Redis with REDIS_URL (every instance counts together), else the embedded
 * store in `<DATA_DIR>/insights`, open to the server's user alone. Loaded only when used, so nothing of either is
 * loaded with INSIGHTS=false.
 */
export async function openInsightsStore(config: Config): Promise<InsightsStore> {
  if (config.REDIS_URL) {
    const { RedisInsightsStore } = await import('./redis-insights-store');
    const { redis, close } = await redisForStore(config.REDIS_URL);
    return new RedisInsightsStore(redis, config.INSIGHTS_RETENTION_DAYS, close);
  }
  const { LmdbInsightsStore } = await import('./lmdb-insights-store');
  const directory = path.resolve(config.DATA_DIR, 'insights');
  privateFolder(directory);
  return new LmdbInsightsStore(directory);
}
