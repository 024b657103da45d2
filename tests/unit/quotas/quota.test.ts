import { describe, expect, it } from 'vitest';
import { rateLimitHeaders } from '@/lib/quotas/consume-quota';
import { MemoryQuotaStore } from '@/lib/stores/quotas/quota-store';

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

  it('never forgets a site-wide counter, however many clients flood the map', async () => {
    const store = new MemoryQuotaStore();
    const ceiling = () => store.consume('mail-site-wide', 2, 86_400, { siteWide: true });
    expect((await ceiling()).allowed).toBe(true);
    expect((await ceiling()).allowed).toBe(true);
    for (let i = 0; i < 120_000; i += 1) await store.consume(`general:client-${i}`, 5, 60);
    expect(await ceiling()).toMatchObject({ allowed: false, used: 3 });
  });

  it('refuses a mail quota rather than forget a window when the map is full of live windows', async () => {
    let now = 1_000_000;
    const store = new MemoryQuotaStore(() => now);
    for (let i = 0; i < 50_000; i += 1) await store.consume(`schedule:client-${i}`, 5, 3600, { refuseWhenFull: true });
    now += 1000;
    const refused = await store.consume('schedule:newcomer', 5, 3600, { refuseWhenFull: true });
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.reset).toBe(3599);
    // The first client's window was kept: its next call counts on from 1.
    expect(await store.consume('schedule:client-0', 5, 3600, { refuseWhenFull: true })).toMatchObject({ used: 2 });
    // Once windows end, there is room again.
    now += 3600_000;
    expect((await store.consume('schedule:newcomer', 5, 3600, { refuseWhenFull: true })).allowed).toBe(true);
  });

  it('writes the draft RateLimit header fields', () => {
    expect(
      rateLimitHeaders({ limit: 5, remaining: 2, reset: 17, windowSeconds: 3600, allowed: true, used: 3 }),
    ).toEqual({
      'RateLimit-Limit': '5',
      'RateLimit-Remaining': '2',
      'RateLimit-Reset': '17',
      'RateLimit-Policy': '5;w=3600',
    });
  });
});
