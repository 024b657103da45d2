import { describe, expect, it } from 'vitest';
import { MemoryQuotaStore, rateLimitHeaders } from '@/lib/http/quota';

describe('MemoryQuotaStore', () => {
  it('counts per key in fixed windows and resets when the window ends', async () => {
    let now = 1_000_000;
    const store = new MemoryQuotaStore(() => now);
    const states = [];
    for (let i = 0; i < 4; i += 1) states.push(await store.consume('a', 3, 60));
    expect(states.map((s) => [s.allowed, s.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect((await store.consume('b', 3, 60)).remaining).toBe(2);
    now += 30_000;
    expect((await store.consume('a', 3, 60)).reset).toBe(30);
    now += 30_001;
    expect(await store.consume('a', 3, 60)).toMatchObject({ allowed: true, remaining: 2, reset: 60 });
  });

  it('stays bounded under a flood of distinct clients', async () => {
    const store = new MemoryQuotaStore();
    for (let i = 0; i < 60_000; i += 1) await store.consume(`client-${i}`, 5, 60);
    // Private map size, read through the public behaviour: the earliest client was dropped and starts afresh.
    expect((await store.consume('client-0', 5, 60)).remaining).toBe(4);
  });

  it('writes the draft RateLimit header fields', () => {
    expect(rateLimitHeaders({ limit: 5, remaining: 2, reset: 17, windowSeconds: 3600, allowed: true })).toEqual({
      'RateLimit-Limit': '5',
      'RateLimit-Remaining': '2',
      'RateLimit-Reset': '17',
      'RateLimit-Policy': '5;w=3600',
    });
  });
});
