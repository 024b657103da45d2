import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LINK_REQUESTS_PER_ADDRESS, LINK_REQUESTS_SITE_WIDE, countLinkRequest } from '@/lib/desk/link-requests';
import { LmdbDeskStore } from '@/lib/stores/desk/lmdb-desk-store';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-links-'));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Addresses of as many different clients as asked, from 198.51.100.1 on. */
const addresses = (count: number, from = 1) => Array.from({ length: count }, (_, i) => `198.51.100.${from + i}`);

describe('sign-in links asked for on the web', () => {
  it(`${LINK_REQUESTS_PER_ADDRESS} an hour an address, ${LINK_REQUESTS_SITE_WIDE} site-wide, then afresh`, async () => {
    const clock = { ms: Date.now() };
    const store = new LmdbDeskStore(dir, { now: () => clock.ms });
    const one = [];
    for (let i = 0; i < 4; i += 1) one.push(await countLinkRequest(store, '203.0.113.7'));
    expect(one).toEqual(['counted', 'counted', 'client-capped', 'client-capped']);
    // Another address of the same IPv6 /64 is the same client; another /64 is not.
    expect(await countLinkRequest(store, '2001:db8:1:2::1')).toBe('counted');
    expect(await countLinkRequest(store, '2001:db8:1:2::ffff')).toBe('counted');
    expect(await countLinkRequest(store, '2001:db8:1:2:aaaa::3')).toBe('client-capped');
    expect(await countLinkRequest(store, '2001:db8:1:3::1')).toBe('counted');
    // Five links counted so far: the rest of the site's hour goes to others, one each, then no more for anyone.
    const others = [];
    for (const address of addresses(LINK_REQUESTS_SITE_WIDE - 5)) others.push(await countLinkRequest(store, address));
    expect(new Set(others)).toEqual(new Set(['counted']));
    expect(await countLinkRequest(store, '192.0.2.1')).toBe('site-capped');
    // A capped address is still told its own limit first.
    expect(await countLinkRequest(store, '203.0.113.7')).toBe('client-capped');
    clock.ms += 59 * 60 * 1000;
    expect(await countLinkRequest(store, '192.0.2.1')).toBe('site-capped');
    clock.ms += 60 * 1000;
    expect(await countLinkRequest(store, '203.0.113.7')).toBe('counted');
    expect(await countLinkRequest(store, '192.0.2.1')).toBe('counted');
    await store.close();
  });

  it('a refused request counts nowhere: an address past its limit takes nothing of the site-wide count', async () => {
    const store = new LmdbDeskStore(dir);
    for (let i = 0; i < 50; i += 1) await countLinkRequest(store, '203.0.113.7');
    const answers = [];
    for (const address of addresses(LINK_REQUESTS_SITE_WIDE - 2)) answers.push(await countLinkRequest(store, address));
    expect(new Set(answers)).toEqual(new Set(['counted']));
    await store.close();
  });
});
