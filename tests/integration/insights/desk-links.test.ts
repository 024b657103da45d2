import { describe, expect, it } from 'vitest';
import { LINK_REQUESTS_PER_ADDRESS, LINK_REQUESTS_SITE_WIDE } from '../../../lib/desk/link-requests';
import { appForThisFile, appWithMailForThisFile } from '../support/app-for-file';
import { formPost, mailedSignInLink, pageForm, pressButton, sessionCookieOf } from '../support/desk';
import { freshDataDir, runOwnerCommand } from '../support/insights';
import { type Fetch, newLoopbackClient } from '../support/loopback-client';
import { startSmtpServer } from '../support/smtp';

/**
 * No stranger can keep the consultant out of her desk: sign-in links are limited per address under a larger
 * site-wide cap, and `npm run desk-link` on the server always makes one. Clients are told apart by their own
 * loopback addresses (support/loopback-client.ts).
 */
const dataDir = freshDataDir();
const served = appWithMailForThisFile(startSmtpServer, { DATA_DIR: dataDir });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Presses "Mail me a sign-in link" as the client `from`: where the answer sends the browser. */
async function askForLink(from: Fetch): Promise<string | null> {
  const answer = await pressButton(served.app.url, '/desk', 'Mail me a sign-in link', undefined, from);
  expect(answer.status).toBe(303);
  return answer.headers.get('location');
}

/** The mails received once `expected` more than `before` have come (waiting at most ten seconds), and a second. */
async function mailsAfter(before: number, expected: number): Promise<number> {
  for (let until = Date.now() + 10_000; served.smtp.received.length < before + expected && Date.now() < until;)
    await sleep(50);
  // A mail more, were one sent, comes as quickly as these did.
  await sleep(1_000);
  return served.smtp.received.length - before;
}

/** Opens a sign-in link from its page and presses Sign in: the answer. */
async function signInWith(link: string): Promise<Response> {
  const target = new URL(link);
  return pressButton(served.app.url, `${target.pathname}${target.search}`, 'Sign in');
}

describe('links asked for from one address', () => {
  it(`mails ${LINK_REQUESTS_PER_ADDRESS} of eight, says the rest are capped; another address gets one`, async () => {
    const stranger = newLoopbackClient();
    const before = served.smtp.received.length;
    const answers = [];
    for (let i = 0; i < 8; i += 1) answers.push(await askForLink(stranger.fetch));
    expect(answers).toEqual([
      ...Array<string>(LINK_REQUESTS_PER_ADDRESS).fill('/desk?notice=link-sent'),
      ...Array<string>(8 - LINK_REQUESTS_PER_ADDRESS).fill('/desk?notice=address-capped'),
    ]);
    expect(await mailsAfter(before, LINK_REQUESTS_PER_ADDRESS)).toBe(LINK_REQUESTS_PER_ADDRESS);
    const capped = await (await stranger.fetch(`${served.app.url}/desk?notice=address-capped`)).text();
    expect(capped).toContain(`No link was sent: this address has asked for ${LINK_REQUESTS_PER_ADDRESS} sign-in`);
    expect(capped).toContain('npm run desk-link');
    expect(capped).not.toMatch(/on its way/);

    const owner = newLoopbackClient();
    const ownerBefore = served.smtp.received.length;
    expect(await askForLink(owner.fetch)).toBe('/desk?notice=link-sent');
    const link = await mailedSignInLink(served.smtp, ownerBefore);
    expect(sessionCookieOf(await signInWith(link))).toBeDefined();
  });
});

describe('links asked for by many addresses', () => {
  it('stop at the site-wide cap, said plainly; npm run desk-link still signs her in', async () => {
    // The test above had three links counted; two more addresses' worth at a time until the site's hour is full.
    let answer: string | null = '/desk?notice=link-sent';
    for (let clients = 0; answer === '/desk?notice=link-sent' && clients <= LINK_REQUESTS_SITE_WIDE; clients += 1) {
      const client = newLoopbackClient();
      for (let i = 0; i < LINK_REQUESTS_PER_ADDRESS && answer === '/desk?notice=link-sent'; i += 1)
        answer = await askForLink(client.fetch);
    }
    expect(answer).toBe('/desk?notice=site-capped');
    const newcomer = newLoopbackClient();
    expect(await askForLink(newcomer.fetch)).toBe('/desk?notice=site-capped');
    const capped = await (await newcomer.fetch(`${served.app.url}/desk?notice=site-capped`)).text();
    expect(capped).toContain(`No link was sent: the site mails at most ${LINK_REQUESTS_SITE_WIDE} sign-in links`);

    const printed = await runOwnerCommand('desk-link', { DATA_DIR: dataDir }, ['--origin', served.app.url]);
    expect(printed).toMatch(/Open it in your browser and press "Sign in" within 15 minutes; it works once/);
    const link = /https?:\/\/\S+\/desk\/sign-in\?token=[A-Za-z0-9_-]{43}/.exec(printed)?.[0] ?? '';
    expect(link.startsWith(`${served.app.url}/desk/sign-in?token=`)).toBe(true);
    const signedIn = await signInWith(link);
    const cookie = sessionCookieOf(signedIn) ?? '';
    expect(cookie).not.toBe('');
    const desk = await (await fetch(`${served.app.url}/desk`, { headers: { Cookie: cookie } })).text();
    expect(desk).toContain('Your desk');
  });

  it('npm run desk-link without SITE_URL says so, and prints the link on localhost:3000', async () => {
    const printed = await runOwnerCommand('desk-link', { DATA_DIR: dataDir });
    expect(printed).toContain('SITE_URL is not set, so the link is on http://localhost:3000');
    const link = new URL(/http:\/\/localhost:3000\/desk\/sign-in\?token=\S+/.exec(printed)?.[0] ?? 'http://x');
    // The same token, on the address the test's server has: it signs in.
    expect(sessionCookieOf(await signInWith(`${served.app.url}${link.pathname}${link.search}`))).toBeDefined();
  });
});

describe('the sign-in button', () => {
  it('posts the token to a URL without it, refused from another site; the link page takes no post', async () => {
    const printed = await runOwnerCommand('desk-link', { DATA_DIR: dataDir }, ['--origin', served.app.url]);
    const link = new URL(/http:\/\/\S+\/desk\/sign-in\?token=\S+/.exec(printed)?.[0] ?? 'http://x');
    const pathname = `${link.pathname}${link.search}`;
    const form = pageForm(await (await fetch(`${served.app.url}${pathname}`)).text(), 'Sign in');
    const post = formPost(served.app.url, pathname, form);
    expect(form.action).toBe('/desk/session');
    expect(post.url).not.toMatch(/token/);
    expect(String(post.body)).toContain(`token=${link.searchParams.get('token')}`);

    const crossSite = await fetch(post.url, {
      method: 'POST',
      headers: { Origin: 'https://elsewhere.example' },
      body: post.body,
      redirect: 'manual',
    });
    expect(crossSite.status).toBe(403);
    expect(sessionCookieOf(crossSite)).toBeUndefined();
    // The page the link opens takes no form at its own URL (where the token would be logged).
    const toPage = await fetch(`${served.app.url}${pathname}`, {
      method: 'POST',
      headers: { Origin: served.app.url },
      body: post.body,
      redirect: 'manual',
    });
    expect(toPage.status).toBe(405);
    expect(sessionCookieOf(toPage)).toBeUndefined();

    // Neither refusal used the token: posted as the page posts it, it signs in once.
    const signedIn = await fetch(post.url, {
      method: 'POST',
      headers: { Origin: served.app.url },
      body: post.body,
      redirect: 'manual',
    });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/desk');
    expect(sessionCookieOf(signedIn)).toBeDefined();
    const again = await fetch(post.url, {
      method: 'POST',
      headers: { Origin: served.app.url },
      body: post.body,
      redirect: 'manual',
    });
    expect(again.headers.get('location')).toBe('/desk?notice=link-refused');
    const opened = await fetch(post.url);
    expect(opened.status).toBe(405);
    expect(await opened.text()).toMatch(/open the link in your sign-in mail/);
  });
});

describe('the desk pages under the per-address quota', () => {
  const limited = appForThisFile({ DATA_DIR: freshDataDir(), RATE_LIMIT_PER_MINUTE: '3' });

  it('answer 429 with Retry-After once an address used its quota; another address is still served', async () => {
    const busy = newLoopbackClient();
    const statuses = [];
    for (const pathname of ['/desk', '/desk/sign-in?token=x', '/desk', '/desk', '/desk/sign-in?token=x']) {
      statuses.push((await busy.fetch(`${limited.app.url}${pathname}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await busy.fetch(`${limited.app.url}/desk`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('cache-control')).toMatch(/no-store/);
    expect(await refused.text()).toMatch(/^Too many requests from this address just now\. Wait \d+ seconds/);
    expect((await newLoopbackClient().fetch(`${limited.app.url}/desk`)).status).toBe(200);
  });
});
