import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { keptHash } from '@/lib/desk/kept-hash';
import { LmdbDeskStore } from '@/lib/stores/desk/lmdb-desk-store';
import { SESSION_COOKIE, SESSION_TTL_SECONDS, endSession, readSession, startSession } from '@/lib/desk/session';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-session-'));
const store = new LmdbDeskStore(dir);
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const key = new Uint8Array(randomBytes(32));
const DAY_MS = 24 * 3600 * 1000;

/** `value` with the character at `index` replaced by another of the base64url alphabet. */
const changedAt = (value: string, index: number) =>
  value.slice(0, index) + (value[index] === 'A' ? 'B' : 'A') + value.slice(index + 1);

describe('desk sessions', () => {
  it('start as a signed cookie of a week that reads back as the same session', async () => {
    expect(SESSION_COOKIE).toBe('desk_session');
    const started = await startSession(store, key);
    expect(started.maxAgeSeconds).toBe(SESSION_TTL_SECONDS);
    expect(started.cookieValue.split('.')).toHaveLength(3);
    const claims = decodeJwt(started.cookieValue);
    expect(claims.exp).toBe((claims.iat ?? 0) + SESSION_TTL_SECONDS);
    const session = await readSession(store, key, started.cookieValue);
    expect(session).toEqual({ id: claims.jti });
    expect(await readSession(store, key, (await startSession(store, key)).cookieValue)).not.toEqual(session);
  });

  it("keep only the id's hash in the store: the id itself, as a cookie's jti, names no session there", async () => {
    const { cookieValue } = await startSession(store, key);
    const { jti = '' } = decodeJwt(cookieValue);
    expect(await store.hasSession(keptHash(jti))).toBe(true);
    expect(await store.hasSession(jti)).toBe(false);
  });

  it('are absent without a cookie', async () => {
    expect(await readSession(store, key, undefined)).toBeUndefined();
    expect(await readSession(store, key, '')).toBeUndefined();
    expect(await readSession(store, key, 'not a cookie')).toBeUndefined();
  });

  it('refuse a cookie changed anywhere: header, claims or signature', async () => {
    const { cookieValue } = await startSession(store, key);
    const [header = '', claims = ''] = cookieValue.split('.');
    for (const index of [2, header.length + 5, header.length + claims.length + 10, cookieValue.length - 2]) {
      expect(await readSession(store, key, changedAt(cookieValue, index))).toBeUndefined();
    }
    expect(await readSession(store, key, cookieValue)).toBeDefined();
  });

  it('refuse a cookie signed with another key, or not signed at all', async () => {
    const { cookieValue } = await startSession(store, new Uint8Array(randomBytes(32)));
    // Its id is in the store: only the signature is wrong.
    expect(await store.hasSession(keptHash(decodeJwt(cookieValue).jti ?? ''))).toBe(true);
    expect(await readSession(store, key, cookieValue)).toBeUndefined();

    const unsigned = new UnsecuredJWT({ ...decodeJwt(cookieValue) }).encode();
    expect(await readSession(store, key, unsigned)).toBeUndefined();
  });

  it('refuse a token signed with the key for some other purpose (issuer and audience)', async () => {
    const { cookieValue } = await startSession(store, key);
    const { jti = '' } = decodeJwt(cookieValue);
    const other = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(jti)
      .setExpirationTime('1h')
      .sign(key);
    expect(await readSession(store, key, other)).toBeUndefined();
  });

  it('refuse an expired cookie, even while the store still knows its id', async () => {
    const started = await startSession(store, key, { now: () => Date.now() - 8 * DAY_MS });
    expect(await store.hasSession(keptHash(decodeJwt(started.cookieValue).jti ?? ''))).toBe(true);
    expect(await readSession(store, key, started.cookieValue)).toBeUndefined();

    const fresh = await startSession(store, key);
    const weekLater = () => Date.now() + SESSION_TTL_SECONDS * 1000 + 1000;
    expect(await readSession(store, key, fresh.cookieValue, { now: weekLater })).toBeUndefined();
  });

  it('refuse a session the store has forgotten (its time there is over), though the cookie is still valid', async () => {
    const startedAt = Date.now();
    const storeClock = { ms: startedAt };
    const clockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-session-'));
    const onClock = new LmdbDeskStore(clockDir, { now: () => storeClock.ms });
    const { cookieValue } = await startSession(onClock, key, { now: () => startedAt });
    const cookieStillValid = { now: () => startedAt + SESSION_TTL_SECONDS * 1000 - 1000 };
    expect(await readSession(onClock, key, cookieValue, cookieStillValid)).toBeDefined();
    storeClock.ms += SESSION_TTL_SECONDS * 1000 + 1000;
    expect(await readSession(onClock, key, cookieValue, cookieStillValid)).toBeUndefined();
    await onClock.close();
    fs.rmSync(clockDir, { recursive: true, force: true });
  });

  it('once ended, refuse the cookie; other sessions go on', async () => {
    const ended = await startSession(store, key);
    const other = await startSession(store, key);
    await endSession(store, key, ended.cookieValue);
    expect(await readSession(store, key, ended.cookieValue)).toBeUndefined();
    expect(await readSession(store, key, other.cookieValue)).toBeDefined();
  });

  it('are not ended by a cookie that is not signed with the key', async () => {
    const { cookieValue } = await startSession(store, key);
    await endSession(store, key, changedAt(cookieValue, cookieValue.length - 2));
    await endSession(store, new Uint8Array(randomBytes(32)), cookieValue);
    await endSession(store, key, undefined);
    expect(await readSession(store, key, cookieValue)).toBeDefined();
  });
});
