import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { open } from 'lmdb';
import { afterEach, describe, expect, it } from 'vitest';
import { LmdbDeskStore } from '@/lib/stores/desk/lmdb-desk-store';
import { SIGN_IN_TOKEN_TTL_SECONDS, issueSignInToken, redeemSignInToken } from '@/lib/desk/sign-in-token';
import type { DeskStore } from '@/lib/stores/desk/desk-store';

const opened: { dir: string; store: LmdbDeskStore }[] = [];
afterEach(async () => {
  for (const { dir, store } of opened.splice(0)) {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** A real LMDB store in a temporary directory, on a clock the test moves. */
function storeOnClock() {
  const clock = { ms: Date.now() };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-token-'));
  const store = new LmdbDeskStore(dir, { now: () => clock.ms });
  opened.push({ dir, store });
  return { store, clock, dir };
}

/** The store, with the names of the operations asked of it written down. */
function watched(store: DeskStore): { store: DeskStore; asked: string[] } {
  const asked: string[] = [];
  const proxy = new Proxy(store, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        asked.push(String(name));
        return Reflect.apply(value, target, args);
      };
    },
  });
  return { store: proxy, asked };
}

describe('sign-in tokens', () => {
  it('are 256 random bits in base64url, different each time', async () => {
    const { store } = storeOnClock();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => issueSignInToken(store)));
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      expect(Buffer.from(token, 'base64url').toString('base64url')).toBe(token);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('are kept only as their SHA-256 hash: the raw token is nowhere in the store', async () => {
    const { store, dir } = storeOnClock();
    const token = await issueSignInToken(store);
    const raw = open<unknown, string>({ path: dir, compression: false, readOnly: true });
    const everything = JSON.stringify([...raw.getRange()].map(({ key, value }) => [key, value]));
    await raw.close();
    expect(everything).toContain(createHash('sha256').update(token).digest('hex'));
    expect(everything).not.toContain(token);
  });

  it('work once', async () => {
    const { store } = storeOnClock();
    const token = await issueSignInToken(store);
    expect(await redeemSignInToken(store, token)).toBe(true);
    expect(await redeemSignInToken(store, token)).toBe(false);
  });

  it(`work for ${SIGN_IN_TOKEN_TTL_SECONDS / 60} minutes and not after`, async () => {
    const { store, clock } = storeOnClock();
    const early = await issueSignInToken(store);
    const late = await issueSignInToken(store);
    clock.ms += SIGN_IN_TOKEN_TTL_SECONDS * 1000 - 1000;
    expect(await redeemSignInToken(store, early)).toBe(true);
    clock.ms += 2000;
    expect(await redeemSignInToken(store, late)).toBe(false);
  });

  it('refuse a token with any character changed', async () => {
    const { store } = storeOnClock();
    const token = await issueSignInToken(store);
    for (const index of [0, 21, token.length - 1]) {
      const changed = token.slice(0, index) + (token[index] === 'A' ? 'B' : 'A') + token.slice(index + 1);
      expect(await redeemSignInToken(store, changed)).toBe(false);
    }
    expect(await redeemSignInToken(store, token)).toBe(true);
  });

  it('refuse anything not shaped like a token without asking the store', async () => {
    const { store: real } = storeOnClock();
    const token = await issueSignInToken(real);
    const { store, asked } = watched(real);
    const odd = [
      '',
      'abc',
      `${token}=`,
      `${token}A`,
      token.slice(1),
      ` ${token}`,
      `${token.slice(0, 42)}+`,
      `${token.slice(0, 42)}/`,
      `${token.slice(0, 42)}é`,
      `${token.slice(0, 21)}\n${token.slice(22)}`,
      Buffer.from(token, 'base64url').toString('hex'),
    ];
    for (const candidate of odd) expect(await redeemSignInToken(store, candidate)).toBe(false);
    expect(asked).toEqual([]);
    expect(await redeemSignInToken(store, token)).toBe(true);
    expect(asked).toEqual(['takeSignInToken']);
  });
});
