import { processSingleton } from '@/lib/process-singleton';
import type { RedisScripts } from './redis-connection';

const connection = processSingleton<{ url?: string; redis?: RedisScripts & { close(): void } }>(
  'redis-connection',
  () => ({}),
);

/** The server's one Redis connection, once start-up has made it (REDIS_URL); every Redis store uses it. */
export function sharedRedis(): RedisScripts | undefined {
  return connection.redis;
}

/**
 * Makes the server's connection to `url`, once. True when connected now; false when Redis is not there yet, and
 * then it keeps connecting in the background while the server serves.
 */
export async function connectSharedRedis(url: string): Promise<{ redis: RedisScripts; connected: boolean }> {
  if (connection.redis && connection.url === url) return { redis: connection.redis, connected: true };
  // Loaded only when configured, so a single instance never loads the Redis client.
  const { SharedRedis } = await import('./redis-connection');
  const redis = new SharedRedis(url);
  connection.url = url;
  connection.redis = redis;
  return { redis, connected: await redis.connect() };
}

/**
 * A connection for one store: the server's when start-up made one, else one of its own (an owner's command run
 * outside the server), with how to close it when the store closes.
 */
export async function redisForStore(url: string): Promise<{ redis: RedisScripts; close?: () => void }> {
  const shared = sharedRedis();
  if (shared) return { redis: shared };
  const { SharedRedis } = await import('./redis-connection');
  const redis = new SharedRedis(url);
  // Not connected yet is no failure: it keeps trying, and each operation fails at once until it is back.
  await redis.connect();
  return { redis, close: () => redis.close() };
}

/** Closes the server's connection (the server stopping, after its last request). */
export function closeSharedRedis(): void {
  connection.redis?.close();
  connection.redis = undefined;
  connection.url = undefined;
}
