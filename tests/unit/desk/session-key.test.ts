import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/config/env';
import { LmdbDeskStore } from '@/lib/stores/desk/lmdb-desk-store';
import { readSession, startSession } from '@/lib/desk/session';
import { sessionKeyFor } from '@/lib/desk/session-key';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-key-'));
  dirs.push(dir);
  return dir;
}

describe('the desk session key', () => {
  it('is DESK_SESSION_KEY when set, and then nothing is kept in the store', async () => {
    const store = new LmdbDeskStore(tempDir());
    const secret = 'a'.repeat(20) + 'b'.repeat(20);
    const key = await sessionKeyFor(parseConfig({ DESK_SESSION_KEY: secret }), store);
    expect(Buffer.from(key).toString()).toBe(secret);
    expect(await store.sessionKey('probe')).toBe('probe');
    await store.close();
  });

  it('unset, is 32 random bytes kept in the store: the same after a restart, so sessions outlive it', async () => {
    const dir = tempDir();
    const config = parseConfig({ DATA_DIR: dir });
    const before = new LmdbDeskStore(dir);
    const key = await sessionKeyFor(config, before);
    expect(key).toHaveLength(32);
    expect(Buffer.from(await sessionKeyFor(config, before)).equals(Buffer.from(key))).toBe(true);
    const { cookieValue } = await startSession(before, key);
    await before.close();

    const after = new LmdbDeskStore(dir);
    const keyAfter = await sessionKeyFor(config, after);
    expect(Buffer.from(keyAfter).equals(Buffer.from(key))).toBe(true);
    expect(await readSession(after, keyAfter, cookieValue)).toBeDefined();
    await after.close();

    const elsewhere = new LmdbDeskStore(tempDir());
    expect(Buffer.from(await sessionKeyFor(config, elsewhere)).equals(Buffer.from(key))).toBe(false);
    await elsewhere.close();
  });

  it('DESK_SESSION_KEY shorter than 32 characters stops start-up, and the message does not show it', () => {
    const short = 'too-short-a-secret';
    const attempt = () => parseConfig({ DESK_SESSION_KEY: short });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/DESK_SESSION_KEY="\(hidden\)": expected at least 32 characters/);
    expect(attempt).not.toThrow(short);
  });
});
