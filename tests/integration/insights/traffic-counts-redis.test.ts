import { createClient } from 'redis';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp } from '../support/app';
import { appPairSharingRedisForThisFile } from '../support/app-for-file';
import { countReaches, freshDataDir, insightsJson } from '../support/insights';
import { type TestRedis, postSchedule } from '../support/redis';

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)';
// Separate data folders, so only Redis can make their counts add up.
const pair = appPairSharingRedisForThisFile();
let redis: TestRedis;
let a: RunningApp;
let b: RunningApp;
beforeAll(() => ({ a, b, redis } = pair));

describe('with REDIS_URL every instance counts into the same figures', () => {
  it('adds up the requests and the inquiries of two instances', async () => {
    for (const [app, times] of [
      [a, 3],
      [b, 4],
    ] as const) {
      for (let i = 0; i < times; i++) {
        await fetch(`${app.url}/llms.txt`, { headers: { 'User-Agent': GPTBOT } }).then((r) => r.arrayBuffer());
      }
    }
    const request = {
      client_name: 'Noor Haddad',
      client_email: 'noor@example.com',
      project_context: 'a rebrand\nbefore the funding round is announced',
    };
    expect((await postSchedule(a.url, request)).status).toBe(200);
    expect((await postSchedule(b.url, request)).status).toBe(200);

    const report = async () => (await insightsJson({ REDIS_URL: redis.url, DATA_DIR: freshDataDir() })).last7;
    const gptbot = async () =>
      (await report()).families.find((row) => row.family === 'ai-crawler/gptbot')?.requests ?? 0;
    const scheduled = async () =>
      (await report()).toolCalls.find((row) => row.tool === 'schedule_consultation')?.calls ?? 0;
    // Each instance writes its counts every few seconds: wait for both figures.
    expect(await countReaches(gptbot, 7)).toBe(7);
    expect(await countReaches(scheduled, 2)).toBe(2);
    const last7 = await report();
    expect(last7.inquiries.map((entry) => entry.channel)).toEqual(['rest', 'rest']);
    expect(last7.toolCalls).toContainEqual({ channel: 'rest', tool: 'schedule_consultation', calls: 2 });
  });

  it('keeps who wrote for the desk alone, expiring, and no address or User-Agent, in Redis', async () => {
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const keys = await client.keys('consultancy-site:insights:*');
      const detailKeys = keys.filter((key) => key.startsWith('consultancy-site:insights:details:'));
      expect(detailKeys).toHaveLength(2);
      let counted = '';
      for (const key of keys.filter((name) => !detailKeys.includes(name))) {
        counted +=
          key +
          JSON.stringify(
            (await client.type(key)) === 'hash' ? await client.hGetAll(key) : await client.zRange(key, 0, -1),
          );
      }
      for (const secret of ['Noor', 'noor@example.com', 'a rebrand', 'funding', '127.0.0.1', 'openai.com/gptbot']) {
        expect(counted.includes(secret), secret).toBe(false);
      }
      for (const key of detailKeys) {
        const details = JSON.parse((await client.get(key)) ?? '{}') as Record<string, string>;
        expect(details).toMatchObject({ name: 'Noor Haddad', email: 'noor@example.com', firstLine: 'a rebrand' });
        expect(JSON.stringify(details)).not.toContain('funding');
        // Redis forgets them by itself, within INQUIRY_RETENTION_DAYS.
        const ttl = await client.pTTL(key);
        expect(ttl).toBeGreaterThan(89 * 86_400_000);
        expect(ttl).toBeLessThanOrEqual(90 * 86_400_000);
      }
    } finally {
      client.destroy();
    }
  });
});
