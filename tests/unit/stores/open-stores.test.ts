import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '@/lib/config/env';
import { LmdbDeskStore } from '@/lib/stores/desk/lmdb-desk-store';
import { deskStore } from '@/lib/stores/desk/open-desk-store';
import { RedisDeskStore } from '@/lib/stores/desk/redis-desk-store';
import { getIdempotencyStore } from '@/lib/stores/idempotency/idempotency-store';
import { RedisIdempotencyStore } from '@/lib/stores/idempotency/redis-idempotency-store';
import { getInsightsStore } from '@/lib/stores/insights/insights-store';
import { LmdbInsightsStore } from '@/lib/stores/insights/lmdb-insights-store';
import { RedisInsightsStore } from '@/lib/stores/insights/redis-insights-store';
import { closeStores, openStores } from '@/lib/stores/open-stores';
import { MemoryQuotaStore, getQuotaStore } from '@/lib/stores/quotas/quota-store';
import { RedisQuotaStore } from '@/lib/stores/quotas/redis-quota-store';
import { sharedRedis } from '@/lib/stores/redis/shared-connection';
import { closedPortUrl, hasRedisServer, startRedisServer } from '../../integration/support/redis';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'open-stores-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
afterEach(async () => {
  await closeStores();
  vi.restoreAllMocks();
});

describe('opening the stores at start-up', () => {
  it("opens the counts and the desk's store in DATA_DIR, and closing closes them", async () => {
    const config = parseConfig({ DATA_DIR: path.join(root, 'data') });
    await openStores(config, { counts: true });
    expect(getInsightsStore()).toBeInstanceOf(LmdbInsightsStore);
    expect(getQuotaStore()).toBeInstanceOf(MemoryQuotaStore);
    // Opened already: a later call with another configuration gets the store start-up opened.
    const desk = await deskStore(parseConfig({ DATA_DIR: path.join(root, 'elsewhere') }));
    expect(desk).toBeInstanceOf(LmdbDeskStore);
    expect(fs.existsSync(path.join(root, 'data', 'desk'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'elsewhere'))).toBe(false);
    await closeStores();
    expect(getInsightsStore()).toBeUndefined();
    await expect(desk.hasSession('s')).rejects.toThrow();
  });

  it('counts nothing with no disk to count on, and opens no counts with INSIGHTS=false', async () => {
    await openStores(parseConfig({ DATA_DIR: path.join(root, 'no-disk') }), { counts: false });
    expect(getInsightsStore()).toBeUndefined();
    await closeStores();
    await openStores(parseConfig({ DATA_DIR: path.join(root, 'off'), INSIGHTS: 'false' }), { counts: true });
    expect(getInsightsStore()).toBeUndefined();
  });

  it("starts when the desk's store cannot open, which is tried again on the next use", async () => {
    const file = path.join(root, 'a-file');
    fs.writeFileSync(file, '');
    const config = parseConfig({ DATA_DIR: path.join(file, 'data'), INSIGHTS: 'false' });
    await expect(openStores(config, { counts: false })).resolves.toBeUndefined();
    await expect(deskStore(config)).rejects.toThrow(/cannot sign anyone in/);
  });

  const redisAvailable = hasRedisServer();
  describe.skipIf(!redisAvailable)(
    `with REDIS_URL${redisAvailable ? '' : ' (SKIPPED: redis-server is not installed; apt-get install -y redis-server)'}`,
    () => {
      it('puts every store in Redis over one connection, and starts while Redis is unreachable', async () => {
        const server = await startRedisServer();
        try {
          const info = vi.spyOn(console, 'info').mockImplementation(() => {});
          const config = parseConfig({ REDIS_URL: server.url, DATA_DIR: path.join(root, 'unused') });
          await openStores(config, { counts: true });
          expect(info).toHaveBeenCalledWith(expect.stringMatching(/^\[redis\] MCP sessions, quotas .* are shared/));
          expect(getQuotaStore()).toBeInstanceOf(RedisQuotaStore);
          expect(getIdempotencyStore()).toBeInstanceOf(RedisIdempotencyStore);
          expect(getInsightsStore()).toBeInstanceOf(RedisInsightsStore);
          expect(await deskStore(config)).toBeInstanceOf(RedisDeskStore);
          expect(sharedRedis()).toBeDefined();
          expect(fs.existsSync(path.join(root, 'unused'))).toBe(false);
          await closeStores();
          expect(sharedRedis()).toBeUndefined();
        } finally {
          await server.close();
        }
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
        const unreachable = parseConfig({ REDIS_URL: await closedPortUrl(), INSIGHTS: 'false' });
        await expect(openStores(unreachable, { counts: false })).resolves.toBeUndefined();
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/not connected .* yet; serving/));
        expect(getQuotaStore()).toBeInstanceOf(RedisQuotaStore);
      }, 30_000);
    },
  );
});
