import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../support/app';

/**
 * Quotas count an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 address, behind a trusted proxy
 * that reports the client's address in X-Forwarded-For. Run on both serving paths (vitest.config.ts).
 */
let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' });
});
afterAll(() => app.stop());

const statusesFrom = async (addresses: readonly string[]) => {
  const statuses: number[] = [];
  for (const address of addresses) {
    statuses.push((await fetch(`${app.url}/api/agent`, { headers: { 'X-Forwarded-For': address } })).status);
  }
  return statuses;
};

describe('the general quota per client', () => {
  it('a new address in the same /64 gets no new quota; another /64 does', async () => {
    expect(
      await statusesFrom([
        '2001:db8:10:20::1',
        '2001:db8:10:20::2',
        '2001:db8:10:20:aaaa:bbbb:cccc:dddd',
        '2001:0db8:0010:0020:0000:0000:0000:0003',
        '[2001:db8:10:20::4]:1234',
      ]),
    ).toEqual([200, 200, 200, 429, 429]);
    expect(await statusesFrom(['2001:db8:10:21::1'])).toEqual([200]);
  });

  it("an IPv4-mapped IPv6 address shares the IPv4 address's quota", async () => {
    expect(await statusesFrom(['198.51.100.5', '::ffff:198.51.100.5', '::FFFF:c633:6405', '198.51.100.5'])).toEqual([
      200, 200, 200, 429,
    ]);
  });
});
