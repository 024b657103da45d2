import type { Config } from '@/lib/config/env';
import { closeDeskStore, deskStore } from './desk/open-desk-store';
import { setEndedSessions } from './ended-sessions/ended-session-store';
import { RedisEndedSessions } from './ended-sessions/redis-ended-sessions';
import { setIdempotencyStore } from './idempotency/idempotency-store';
import { RedisIdempotencyStore } from './idempotency/redis-idempotency-store';
import { getInsightsStore, setInsightsStore } from './insights/insights-store';
import { setQuotaStore } from './quotas/quota-store';
import { RedisQuotaStore } from './quotas/redis-quota-store';
import { closeSharedRedis, connectSharedRedis } from './redis/shared-connection';
import { RedisSightings } from './sightings/redis-sighting-store';
import { setSightingStores } from './sightings/sighting-store';

/**
 * Opens every store, once, before anything is served (lib/start-up/services.ts). Ended MCP sessions, quotas,
 * Idempotency-Key records and counted signatures live in this process's memory (the default, right for one
 * instance), or, with REDIS_URL, in Redis, shared by every instance. An unreachable Redis does not stop start-up:
 * the server serves, logs a warning, and connects in the background (docs/deployment.md, "If Redis is
 * unreachable"). The counts (unless INSIGHTS=false, or `counts` is false: no disk to keep them on) and the desk's
 * store follow: Redis with REDIS_URL, else LMDB under DATA_DIR.
 */
export async function openStores(config: Config, { counts }: { counts: boolean }): Promise<void> {
  if (config.REDIS_URL) await shareThroughRedis(config.REDIS_URL, config.MCP_MAX_SESSIONS);
  if (config.INSIGHTS && counts && !getInsightsStore()) await openCounts(config);
  // A desk that cannot open yet (a read-only DATA_DIR) is said on its page, and tried again on each visit.
  await deskStore(config).catch(() => undefined);
}

async function shareThroughRedis(url: string, maxEnded: number): Promise<void> {
  const { redis, connected } = await connectSharedRedis(url);
  const { describeRedisUrl } = await import('./redis/redis-connection');
  setQuotaStore(new RedisQuotaStore(redis));
  setEndedSessions(new RedisEndedSessions(redis, { maxEnded }));
  setIdempotencyStore(new RedisIdempotencyStore(redis));
  setSightingStores((purpose) => new RedisSightings(redis, purpose));
  if (connected) {
    console.info(`[redis] MCP sessions, quotas and idempotency keys are shared through ${describeRedisUrl(url)}.`);
  } else {
    console.warn(`[redis] not connected to ${describeRedisUrl(url)} yet; serving, and connecting in the background.`);
  }
}

/** A store that cannot open costs the counts, never service. */
async function openCounts(config: Config): Promise<void> {
  try {
    // Loaded only when counting, so nothing of either store is loaded with INSIGHTS=false.
    const { openInsightsStore } = await import('./insights/open-insights-store');
    setInsightsStore(await openInsightsStore(config));
  } catch (error) {
    console.warn(`[insights] the store in ${config.DATA_DIR} could not be opened; nothing is counted`, error);
  }
}

/**
 * Closes what openStores opened, once the last request has been answered: the insights store (LMDB's environment,
 * or its share of Redis), the desk's store, and the Redis connection. A store that fails is logged, and the stop
 * goes on.
 */
export async function closeStores(): Promise<void> {
  const insights = getInsightsStore();
  setInsightsStore(undefined);
  await insights?.close().catch((error: unknown) => console.warn('[insights] the store could not be closed', error));
  await closeDeskStore().catch((error: unknown) => console.warn("[desk] the desk's store could not be closed", error));
  closeSharedRedis();
}
