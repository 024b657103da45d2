import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LINK_REQUESTS_PER_HOUR, mayMailSignInLink } from '@/lib/desk/link-requests';
import { LmdbDeskStore } from '@/lib/desk/lmdb-store';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-links-'));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('sign-in links mailed', () => {
  it(`at most ${LINK_REQUESTS_PER_HOUR} an hour: the 6th is refused, and the next hour starts afresh`, async () => {
    const clock = { ms: Date.now() };
    const store = new LmdbDeskStore(dir, { now: () => clock.ms });
    const answers: boolean[] = [];
    for (let i = 0; i < 7; i += 1) answers.push(await mayMailSignInLink(store));
    expect(answers).toEqual([true, true, true, true, true, false, false]);
    clock.ms += 59 * 60 * 1000;
    expect(await mayMailSignInLink(store)).toBe(false);
    clock.ms += 60 * 1000;
    expect(await mayMailSignInLink(store)).toBe(true);
    await store.close();
  });
});
