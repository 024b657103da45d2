import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Inquiry, InsightsStore } from '@/lib/stores/insights/insights-store';
import { LmdbInsightsStore } from '@/lib/stores/insights/lmdb-insights-store';
import { RedisInsightsStore } from '@/lib/stores/insights/redis-insights-store';
import { redisFixture, uniquePrefix } from '../stores/redis/support';

const redis = redisFixture();
const RETENTION_DAYS = 90;
const directories: string[] = [];

afterAll(() => {
  for (const directory of directories) fs.rmSync(directory, { recursive: true, force: true });
});

function lmdbStore(): InsightsStore {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-answered-'));
  directories.push(directory);
  return new LmdbInsightsStore(directory);
}

const inquiry = (reference: string, at: string): Inquiry => ({
  reference,
  at,
  channel: 'rest',
  client: 'ai-assistant/claude-user',
  engagement: 'positioning-sprint',
});

describe.each([
  ['the embedded store (LMDB)', lmdbStore],
  ['the Redis store', () => new RedisInsightsStore(redis.a, RETENTION_DAYS, () => {}, uniquePrefix())],
])('answered marks in %s', (_name, open) => {
  it('keeps reference -> time, and a second mark keeps the first time', async () => {
    const store = open();
    expect(await store.readAnswered()).toEqual(new Map());
    await store.addInquiry(inquiry('261120-AAAAAA', '2026-11-20T09:00:00.000Z'));
    await store.addInquiry(inquiry('261121-BBBBBB', '2026-11-21T09:00:00.000Z'));
    await store.markAnswered('261120-AAAAAA', '2026-11-20T15:00:00.000Z');
    await store.markAnswered('261120-AAAAAA', '2026-11-22T08:00:00.000Z');
    expect(await store.readAnswered()).toEqual(new Map([['261120-AAAAAA', '2026-11-20T15:00:00.000Z']]));
    await store.close();
  });

  it('forgets the marks of pruned inquiries (and of references never logged), keeps the others', async () => {
    const store = open();
    await store.addInquiry(inquiry('260801-OLDOLD', '2026-08-01T09:00:00.000Z'));
    await store.addInquiry(inquiry('261120-NEWNEW', '2026-11-20T09:00:00.000Z'));
    await store.markAnswered('260801-OLDOLD', '2026-08-01T10:00:00.000Z');
    await store.markAnswered('261120-NEWNEW', '2026-11-20T10:00:00.000Z');
    await store.markAnswered('261120-NEVERS', '2026-11-20T11:00:00.000Z');
    await store.prune('2026-08-27');
    expect((await store.readInquiries('2000-01-01')).map((row) => row.reference)).toEqual(['261120-NEWNEW']);
    expect(await store.readAnswered()).toEqual(new Map([['261120-NEWNEW', '2026-11-20T10:00:00.000Z']]));
    await store.close();
  });
});

describe('answered marks in Redis', () => {
  it('live in one hash under the prefix that expires a retention after the last mark', async () => {
    const prefix = uniquePrefix();
    const store = new RedisInsightsStore(redis.a, RETENTION_DAYS, () => {}, prefix);
    await store.markAnswered('261120-AAAAAA', '2026-11-20T15:00:00.000Z');
    expect(await redis.inspect.hGetAll(`${prefix}:insights:answered`)).toEqual({
      '261120-AAAAAA': '2026-11-20T15:00:00.000Z',
    });
    const ttl = await redis.inspect.ttl(`${prefix}:insights:answered`);
    expect(ttl).toBeGreaterThan(RETENTION_DAYS * 86_400);
    expect(ttl).toBeLessThanOrEqual((RETENTION_DAYS + 1) * 86_400);
    // Seen through a second connection, as another instance sees it.
    const other = new RedisInsightsStore(redis.b, RETENTION_DAYS, () => {}, prefix);
    expect(await other.readAnswered()).toEqual(new Map([['261120-AAAAAA', '2026-11-20T15:00:00.000Z']]));
  });
});
