import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config/env';
import { LmdbDeskStore } from '@/lib/stores/desk/lmdb-desk-store';
import { DeskStoreUnavailableError, deskStore, openDeskStore } from '@/lib/stores/desk/open-desk-store';
import { RedisDeskStore } from '@/lib/stores/desk/redis-desk-store';
import { type TestRedis, hasRedisServer, startRedisServer } from '../../integration/support/redis';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-open-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A DATA_DIR that no one can write, root included: it runs through a file. */
function unwritableDataDir(): string {
  const file = path.join(root, 'a-file');
  fs.writeFileSync(file, '');
  return path.join(file, 'data');
}

describe('opening the desk store', () => {
  it('without REDIS_URL, is LMDB in <DATA_DIR>/desk', async () => {
    const store = await openDeskStore(parseConfig({ DATA_DIR: path.join(root, 'data') }));
    expect(store).toBeInstanceOf(LmdbDeskStore);
    await store.putSession('s', 60);
    expect(fs.existsSync(path.join(root, 'data', 'desk'))).toBe(true);
    await store.close();
  });

  it("keeps <DATA_DIR>/desk for the server's user alone, narrowing a folder that was there open to all", async () => {
    const desk = path.join(root, 'wide', 'desk');
    fs.mkdirSync(desk, { recursive: true });
    fs.chmodSync(desk, 0o755);
    const store = await openDeskStore(parseConfig({ DATA_DIR: path.join(root, 'wide') }));
    await store.close();
    expect(fs.statSync(desk).mode & 0o777).toBe(0o700);
    const fresh = await openDeskStore(parseConfig({ DATA_DIR: path.join(root, 'fresh') }));
    await fresh.close();
    expect(fs.statSync(path.join(root, 'fresh', 'desk')).mode & 0o777).toBe(0o700);
  });

  it('in a DATA_DIR that cannot be written, fails saying the desk cannot sign anyone in, and why', async () => {
    const dataDir = unwritableDataDir();
    const failure = openDeskStore(parseConfig({ DATA_DIR: dataDir }));
    await expect(failure).rejects.toBeInstanceOf(DeskStoreUnavailableError);
    await expect(failure).rejects.toThrow(/^The desk cannot sign anyone in: .*desk, which cannot be written \(ENOTDIR/);
  });

  it('once per process; a failure to open is not kept, so the next call tries again', async () => {
    await expect(deskStore(parseConfig({ DATA_DIR: unwritableDataDir() }))).rejects.toThrow(/cannot sign anyone in/);
    const config = parseConfig({ DATA_DIR: path.join(root, 'once') });
    const first = deskStore(config);
    expect(deskStore(config)).toBe(first);
    const store = await first;
    expect(await deskStore(parseConfig({ DATA_DIR: path.join(root, 'other') }))).toBe(store);
    await store.close();
  });

  const redisAvailable = hasRedisServer();
  describe.skipIf(!redisAvailable)(
    `with REDIS_URL${redisAvailable ? '' : ' (SKIPPED: redis-server is not installed; apt-get install -y redis-server)'}`,
    () => {
      let server: TestRedis | undefined;
      afterAll(async () => server?.close());

      it('is Redis, on a connection of its own when the server has none to share', async () => {
        server = await startRedisServer();
        const config = parseConfig({ REDIS_URL: server.url, DATA_DIR: path.join(root, 'unused') });
        const a = await openDeskStore(config);
        const b = await openDeskStore(config);
        expect(a).toBeInstanceOf(RedisDeskStore);
        const limits = { perClient: 1, siteWide: 20, windowSeconds: 60 };
        expect(await a.countLinkRequest('192.0.2.1', limits)).toBe('counted');
        expect(await b.countLinkRequest('192.0.2.1', limits)).toBe('client-capped');
        await a.close();
        await b.close();
        expect(fs.existsSync(path.join(root, 'unused'))).toBe(false);
      }, 20_000);
    },
  );
});
