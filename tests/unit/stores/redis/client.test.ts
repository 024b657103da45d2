import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_TIMEOUT_MS, SharedRedis, describeRedisUrl } from '@/lib/stores/redis/redis-connection';
import { RedisUnavailableError } from '@/lib/stores/redis/redis-unavailable';
import { type TestRedis, startRedisServer } from '../../../integration/support/redis';
import { recordingLog, sleep } from './support';

let server: TestRedis;
beforeAll(async () => {
  server = await startRedisServer();
}, 20_000);
afterAll(async () => {
  server?.thaw();
  await server?.close();
});

const PING = "return redis.call('PING')";

/** Runs `attempt`; the error it threw (or undefined) and how long it took. */
async function timed(attempt: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  const error = await attempt().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return { error, ms: Date.now() - started };
}

/** Polls `check` every 100 ms for at most `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

describe('SharedRedis', () => {
  it('never prints credentials from the URL', () => {
    expect(describeRedisUrl('rediss://user:s3cret@cache.example:6380/2')).toBe('rediss://cache.example:6380/2');
    expect(describeRedisUrl('redis://:s3cret@127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });

  it('fails at once while Redis is stopped, logs it once, and recovers by itself when it is back', async () => {
    const log = recordingLog();
    const redis = new SharedRedis(server.url, log);
    expect(await redis.connect()).toBe(true);
    expect(await redis.evaluate(PING, [], [])).toBe('PONG');
    await server.stop();
    for (let i = 0; i < 5; i++) {
      const { error, ms } = await timed(() => redis.evaluate(PING, [], []));
      expect(error).toBeInstanceOf(RedisUnavailableError);
      expect(ms).toBeLessThan(COMMAND_TIMEOUT_MS + 200);
    }
    expect(log.lines.filter((line) => line.includes('is unreachable'))).toHaveLength(1);
    await server.restart();
    expect(await eventually(async () => (await redis.evaluate(PING, [], []).catch(() => 'no')) === 'PONG')).toBe(true);
    expect(log.lines.filter((line) => line.includes('reachable again'))).toHaveLength(1);
    redis.close();
  }, 30_000);

  it('gives up on a Redis that stops answering after the command time-out, then fails fast until it answers', async () => {
    const log = recordingLog();
    const redis = new SharedRedis(server.url, log);
    expect(await redis.connect()).toBe(true);
    server.freeze();
    try {
      const first = await timed(() => redis.evaluate(PING, [], []));
      expect(first.error).toBeInstanceOf(RedisUnavailableError);
      expect(first.ms).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 50);
      expect(first.ms).toBeLessThan(COMMAND_TIMEOUT_MS + 500);
      // Known to be down: the next calls do not wait for the time-out again.
      const next = await timed(() => redis.evaluate(PING, [], []));
      expect(next.error).toBeInstanceOf(RedisUnavailableError);
      expect(next.ms).toBeLessThan(100);
    } finally {
      server.thaw();
    }
    expect(await eventually(async () => (await redis.evaluate(PING, [], []).catch(() => 'no')) === 'PONG')).toBe(true);
    redis.close();
  }, 30_000);

  it('does not hold start-up when Redis is not there: connect answers false within the time given', async () => {
    const log = recordingLog();
    await server.stop();
    const redis = new SharedRedis(server.url, log);
    try {
      const started = Date.now();
      expect(await redis.connect(500)).toBe(false);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(log.lines.filter((line) => line.includes('is unreachable'))).toHaveLength(1);
    } finally {
      await server.restart();
    }
    expect(await eventually(async () => (await redis.evaluate(PING, [], []).catch(() => 'no')) === 'PONG')).toBe(true);
    redis.close();
  }, 30_000);
});
