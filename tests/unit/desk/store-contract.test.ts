import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config/env';
import { LmdbDeskStore } from '@/lib/stores/desk/lmdb-desk-store';
import { RedisDeskStore } from '@/lib/stores/desk/redis-desk-store';
import { readSession, startSession } from '@/lib/desk/session';
import { sessionKeyFor } from '@/lib/desk/session-key';
import { issueSignInToken, redeemSignInToken } from '@/lib/desk/sign-in-token';
import type { DeskStore } from '@/lib/stores/desk/desk-store';
import { hasRedisServer } from '../../integration/support/redis';
import { redisFixture, sleep, uniquePrefix } from '../stores/redis/support';

/** Two stores over the same data, as two instances (or two processes) of the app hold them. */
interface StorePair {
  a: DeskStore;
  b: DeskStore;
  close(): Promise<void>;
}

/** What every DeskStore must do, run against each kind with real storage underneath. */
function storeContract(openPair: () => Promise<StorePair>) {
  let pair: StorePair | undefined;
  const open = async () => (pair = await openPair());
  afterEach(async () => {
    await pair?.close();
    pair = undefined;
  });

  it('a sign-in token is taken once, by whichever instance comes first', async () => {
    const { a, b } = await open();
    await a.putSignInToken('hash-1', 60);
    expect(await b.takeSignInToken('hash-1')).toBe(true);
    expect(await a.takeSignInToken('hash-1')).toBe(false);
    expect(await b.takeSignInToken('hash-1')).toBe(false);
    expect(await a.takeSignInToken('never-put')).toBe(false);
  });

  it('twenty takes of one token at once, from both instances: exactly one succeeds', async () => {
    const { a, b } = await open();
    await a.putSignInToken('raced', 60);
    const takes = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).takeSignInToken('raced')));
    expect(takes.filter(Boolean)).toHaveLength(1);
  });

  it('a sign-in token past its time to live is refused', async () => {
    const { a, b } = await open();
    await a.putSignInToken('short', 0.2);
    await a.putSignInToken('long', 60);
    await sleep(300);
    expect(await b.takeSignInToken('short')).toBe(false);
    expect(await b.takeSignInToken('long')).toBe(true);
  });

  it('a session put by one instance is seen by the other until it is ended there', async () => {
    const { a, b } = await open();
    await a.putSession('session-1', 60);
    await a.putSession('session-2', 60);
    expect(await b.hasSession('session-1')).toBe(true);
    await b.endSession('session-1');
    expect(await a.hasSession('session-1')).toBe(false);
    expect(await a.hasSession('session-2')).toBe(true);
    expect(await a.hasSession('never-put')).toBe(false);
  });

  it('a session past its time to live is gone', async () => {
    const { a, b } = await open();
    await a.putSession('short', 0.2);
    await sleep(300);
    expect(await b.hasSession('short')).toBe(false);
  });

  it('counts link requests per client and site-wide, in windows that start again when they are over', async () => {
    const { a, b } = await open();
    const limits = { perClient: 2, siteWide: 3, windowSeconds: 0.4 };
    expect(await a.countLinkRequest('192.0.2.1', limits)).toBe('counted');
    expect(await b.countLinkRequest('192.0.2.1', limits)).toBe('counted');
    expect(await a.countLinkRequest('192.0.2.1', limits)).toBe('client-capped');
    expect(await b.countLinkRequest('2001:db8::/64', limits)).toBe('counted');
    expect(await a.countLinkRequest('192.0.2.2', limits)).toBe('site-capped');
    expect(await b.countLinkRequest('192.0.2.1', limits)).toBe('client-capped');
    await sleep(500);
    expect(await b.countLinkRequest('192.0.2.1', limits)).toBe('counted');
    expect(await a.countLinkRequest('192.0.2.2', limits)).toBe('counted');
  });

  it('counts link requests made at once from both instances exactly: none past either limit', async () => {
    const { a, b } = await open();
    const limits = { perClient: 2, siteWide: 5, windowSeconds: 60 };
    const clients = ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4'];
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).countLinkRequest(clients[i % 4] ?? '', limits)),
    );
    expect(answers.filter((answer) => answer === 'counted')).toHaveLength(5);
    for (const client of clients) {
      const counted = answers.filter((answer, i) => answer === 'counted' && clients[i % 4] === client);
      expect(counted.length).toBeLessThanOrEqual(2);
    }
  });

  it('keeps the first session key offered and gives it to every later caller', async () => {
    const { a, b } = await open();
    const [first, second] = await Promise.all([a.sessionKey('candidate-a'), b.sessionKey('candidate-b')]);
    expect(first).toBe(second);
    expect(['candidate-a', 'candidate-b']).toContain(first);
    expect(await b.sessionKey('candidate-c')).toBe(first);
  });

  it('across instances: a mailed link works once, one key signs for both, a session started on one is read on the other', async () => {
    const { a, b } = await open();
    const token = await issueSignInToken(a);
    expect(await redeemSignInToken(b, token)).toBe(true);
    expect(await redeemSignInToken(a, token)).toBe(false);

    const config = parseConfig({});
    const keyA = await sessionKeyFor(config, a);
    const keyB = await sessionKeyFor(config, b);
    expect(Buffer.from(keyB).equals(Buffer.from(keyA))).toBe(true);
    const { cookieValue } = await startSession(a, keyA);
    expect(await readSession(b, keyB, cookieValue)).toEqual({ id: expect.any(String) });
  });
}

describe('LmdbDeskStore, two stores open on one directory', () => {
  storeContract(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-store-'));
    const a = new LmdbDeskStore(dir);
    const b = new LmdbDeskStore(dir);
    return {
      a,
      b,
      close: async () => {
        await a.close();
        await b.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  });

  it('keeps the session key across a restart', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-store-'));
    const before = new LmdbDeskStore(dir);
    expect(await before.sessionKey('kept')).toBe('kept');
    await before.close();
    const after = new LmdbDeskStore(dir);
    expect(await after.sessionKey('newer')).toBe('kept');
    await after.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

const redisAvailable = hasRedisServer();
describe.skipIf(!redisAvailable)(
  `RedisDeskStore, two instances on one real redis-server${redisAvailable ? '' : ' (SKIPPED: redis-server is not installed; apt-get install -y redis-server)'}`,
  () => {
    const redis = redisFixture();
    let prefix = '';
    storeContract(async () => {
      prefix = uniquePrefix();
      return {
        a: new RedisDeskStore(redis.a, { prefix }),
        b: new RedisDeskStore(redis.b, { prefix }),
        close: async () => {},
      };
    });

    it('keeps every key under <prefix>:desk:, tokens, sessions and link counts with a time to live', async () => {
      prefix = uniquePrefix();
      const store = new RedisDeskStore(redis.a, { prefix });
      await store.putSignInToken('hash', 900);
      await store.putSession('id', 3600);
      await store.sessionKey('key');
      await store.countLinkRequest('2001:db8::/64', { perClient: 2, siteWide: 20, windowSeconds: 3600 });
      expect((await redis.inspect.keys(`${prefix}*`)).sort()).toEqual(
        [
          `${prefix}:desk:session-key`,
          `${prefix}:desk:session:id`,
          `${prefix}:desk:token:hash`,
          `${prefix}:desk:{link-requests}:client:2001:db8::/64`,
          `${prefix}:desk:{link-requests}:site`,
        ].sort(),
      );
      const tokenTtl = await redis.inspect.pTTL(`${prefix}:desk:token:hash`);
      expect(tokenTtl).toBeGreaterThan(899_000);
      expect(tokenTtl).toBeLessThanOrEqual(900_000);
      expect(await redis.inspect.pTTL(`${prefix}:desk:session-key`)).toBe(-1);
      for (const count of ['client:2001:db8::/64', 'site']) {
        const ttl = await redis.inspect.pTTL(`${prefix}:desk:{link-requests}:${count}`);
        expect(ttl).toBeGreaterThan(3_599_000);
        expect(ttl).toBeLessThanOrEqual(3_600_000);
      }
    });

    it('stores a sign-in token only as its hash', async () => {
      prefix = uniquePrefix();
      const store = new RedisDeskStore(redis.a, { prefix });
      const token = await issueSignInToken(store);
      const keys = await redis.inspect.keys(`${prefix}*`);
      expect(keys).toHaveLength(1);
      const values = await Promise.all(keys.map((key) => redis.inspect.get(key)));
      expect(JSON.stringify([keys, values])).not.toContain(token);
    });
  },
);
