import { describe, expect, it } from 'vitest';
import { SharedRedis } from '@/lib/stores/redis/redis-connection';
import { RedisQuotaStore } from '@/lib/stores/quotas/redis-quota-store';
import { closedPortUrl } from '../../../integration/support/redis';
import { recordingLog, sleep, uniquePrefix, redisFixture } from './support';

const redis = redisFixture();

function stores() {
  const prefix = uniquePrefix();
  return {
    a: new RedisQuotaStore(redis.a, undefined, prefix),
    b: new RedisQuotaStore(redis.b, undefined, prefix),
    key: (k: string) => `${prefix}:quota:${k}`,
  };
}

describe('RedisQuotaStore against a real redis-server', () => {
  it('counts one fixed window across two connections, as the memory store does in one', async () => {
    const { a, b, key } = stores();
    const states = [
      await a.consume('schedule:1.2.3.4', 3, 3600),
      await b.consume('schedule:1.2.3.4', 3, 3600),
      await a.consume('schedule:1.2.3.4', 3, 3600),
    ];
    expect(states.map((s) => [s.remaining, s.allowed])).toEqual([
      [2, true],
      [1, true],
      [0, true],
    ]);
    const past = await b.consume('schedule:1.2.3.4', 3, 3600);
    expect(past).toMatchObject({ limit: 3, remaining: 0, allowed: false, windowSeconds: 3600 });
    expect(past.reset).toBeGreaterThan(3590);
    expect(past.reset).toBeLessThanOrEqual(3600);
    expect(await redis.inspect.pTTL(key('schedule:1.2.3.4'))).toBeLessThanOrEqual(3_600_000);
    // Another client has its own count.
    expect((await b.consume('schedule:5.6.7.8', 3, 3600)).remaining).toBe(2);
  });

  it('starts a new window when the old one ends', async () => {
    const { a, b } = stores();
    await a.consume('general:client', 1, 1);
    expect((await b.consume('general:client', 1, 1)).allowed).toBe(false);
    await sleep(1100);
    expect(await a.consume('general:client', 1, 1)).toMatchObject({ allowed: true, remaining: 0, reset: 1 });
  }, 10_000);

  it('is atomic: 200 concurrent requests through two connections allow exactly the limit', async () => {
    const { a, b } = stores();
    const states = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).consume('general:flood', 50, 60)),
    );
    expect(states.filter((s) => s.allowed)).toHaveLength(50);
    const remaining = states.filter((s) => s.allowed).map((s) => s.remaining);
    expect(new Set(remaining).size).toBe(50);
  });

  it('falls back to counting in memory when Redis cannot be reached, logging once', async () => {
    const log = recordingLog();
    const down = new SharedRedis(await closedPortUrl(), log);
    void down.connect(200);
    const store = new RedisQuotaStore(down);
    const started = Date.now();
    const states = [
      await store.consume('schedule:x', 2, 3600),
      await store.consume('schedule:x', 2, 3600),
      await store.consume('schedule:x', 2, 3600),
    ];
    expect(Date.now() - started).toBeLessThan(1000);
    expect(states.map((s) => s.allowed)).toEqual([true, true, false]);
    expect(log.lines.filter((line) => line.includes('is unreachable'))).toHaveLength(1);
    expect(log.lines[0]).toContain('quotas count per instance');
    down.close();
  });
});
