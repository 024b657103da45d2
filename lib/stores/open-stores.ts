import { getConfig } from '@/lib/config/env';
import { setIdempotencyStore } from '@/lib/stores/idempotency/idempotency-store';
import { setQuotaStore } from '@/lib/quotas/consume-quota';
import { setEndedSessions } from '@/lib/mcp/transport/sessions';
import { processSingleton } from '@/lib/process-singleton';
import { setSightingStores } from '@/lib/stores/sightings/sighting-store';
import type { RedisScripts } from './redis/redis-connection';
import { RedisIdempotencyStore } from './idempotency/redis-idempotency-store';
import { RedisQuotaStore } from './quotas/redis-quota-store';
import { RedisEndedSessions } from './ended-sessions/redis-ended-sessions';
import { RedisSightings } from './sightings/redis-sighting-store';

const connection = processSingleton<{ url?: string; redis?: RedisScripts & { close(): void } }>(
  'redis-connection',
  () => ({}),
);

/** The Redis connection the shared stores use, once chosen (REDIS_URL): the insights store uses it too. */
export function sharedRedis(): RedisScripts | undefined {
  return connection.redis;
}

/**
 * Chooses where ended MCP sessions, quotas, Idempotency-Key records and counted signatures live: in this process's memory (the
 * default, right for one instance), or, with REDIS_URL, in Redis, shared by every instance. Called once by
 * startServices (lib/start-up/services.ts) before anything is served. An unreachable Redis does not stop start-up: the server serves, logs a
 * warning, and connects in the background (docs/deployment.md, "If Redis is unreachable").
 */
export async function chooseSharedStores(redisUrl: string | undefined): Promise<void> {
  if (!redisUrl || connection.url === redisUrl) return;
  connection.url = redisUrl;
  // Loaded only when configured, so a single instance never loads the Redis client.
  const { SharedRedis, describeRedisUrl } = await import('./redis/redis-connection');
  const redis = new SharedRedis(redisUrl);
  connection.redis = redis;
  setQuotaStore(new RedisQuotaStore(redis));
  setEndedSessions(new RedisEndedSessions(redis, { maxEnded: getConfig().MCP_MAX_SESSIONS }));
  setIdempotencyStore(new RedisIdempotencyStore(redis));
  setSightingStores((purpose) => new RedisSightings(redis, purpose));
  if (await redis.connect()) {
    console.info(`[redis] MCP sessions, quotas and idempotency keys are shared through ${describeRedisUrl(redisUrl)}.`);
  } else {
    console.warn(
      `[redis] not connected to ${describeRedisUrl(redisUrl)} yet; serving, and connecting in the background.`,
    );
  }
}

/** Closes the connection of the shared stores (the server stopping, after its last request). */
export function closeSharedStores(): void {
  connection.redis?.close();
  connection.redis = undefined;
}
