import fs from 'node:fs';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { appForThisFile, appWithMailForThisFile } from '../support/app-for-file';
import { rawRequest } from '../support/raw-http';
import {
  cookieForged,
  cookiesForgedFromStore,
  embeddedDeskStoreEntries,
  expiredSignInToken,
  formNamed,
  formPost,
  mailedSignInLink,
  pageForm,
  pressButton,
  sessionCookieOf,
  signInToDesk,
} from '../support/desk';
import { countOf, countReaches, embeddedStore, freshDataDir, readUntil } from '../support/insights';
import { startSmtpServer } from '../support/smtp';

const dataDir = freshDataDir();
const served = appWithMailForThisFile(startSmtpServer, { DATA_DIR: dataDir });

const SCHEDULE = '/api/agent/tools/schedule-consultation';

/** A consultation request through the API: its reference. */
async function inquiry(): Promise<string> {
  const response = await fetch(`${served.app.url}${SCHEDULE}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Priya Raman',
      client_email: 'priya@ledgerline.example',
      preferred_time: 'Tuesday afternoon',
      project_context: 'Our positioning against the incumbents is unclear to buyers.',
      technology_sector: 'fintech',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { reference: string }).reference;
}

const page = async (pathname: string, cookie?: string) => {
  const response = await fetch(`${served.app.url}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { response, html: await response.text() };
};

/** A chart: its figure holds an SVG image with a title. */
const CHART = /<figure[\s\S]*?<svg[^>]*role="img"[\s\S]*?<title[\s\S]*?<\/figure>/;

/** The desk once it shows a chart: an inquiry is listed at once, the requests of a moment before after a batch. */
const deskWithChart = (cookie: string) =>
  readUntil(
    () => page('/desk', cookie),
    (desk) => CHART.test(desk.html),
  );

describe('the desk without a session', () => {
  it('shows the sign-in button and nothing of the data, private and unindexed', async () => {
    const reference = await inquiry();
    const { response, html } = await page('/desk');
    expect(response.status).toBe(200);
    expect(html).toContain('Mail me a sign-in link');
    expect(html).not.toContain(reference);
    expect(html).not.toContain('Who reads and calls the site');
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/>/);
    expect(response.headers.get('cache-control')).toMatch(/private/);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin');
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'none'/);
  });

  it('gives no figures to download', async () => {
    for (const file of ['figures.json', 'inquiries.csv', 'traffic.csv']) {
      const response = await fetch(`${served.app.url}/desk/${file}`);
      expect(response.status).toBe(401);
      expect(await response.text()).toMatch(/^Sign in at \/desk/);
      expect(response.headers.get('cache-control')).toMatch(/no-store/);
    }
  });

  it('is in no sitemap, llms.txt or discovery document, has no markdown, and is not counted', async () => {
    for (const document of [
      '/sitemap.xml',
      '/sitemap.md',
      '/llms.txt',
      '/llms-full.txt',
      '/api/agent',
      '/.well-known/api-catalog',
    ]) {
      const text = await (await fetch(`${served.app.url}${document}`)).text();
      expect(text, document).not.toMatch(/\/desk\b/);
    }
    expect((await fetch(`${served.app.url}/desk.md`)).status).toBe(404);
    const asAgent = await fetch(`${served.app.url}/desk`, {
      headers: { Accept: 'text/markdown', 'User-Agent': 'ClaudeBot/1.0' },
    });
    expect(asAgent.status).toBe(200);
    expect(await asAgent.text()).toContain('Mail me a sign-in link');
    // A page visited after the desk: once its count is written, the desk's would have been too.
    await fetch(`${served.app.url}/about`);
    const store = embeddedStore(dataDir);
    try {
      expect(await countReaches(() => countOf(store, 'view|/about'), 1)).toBeGreaterThanOrEqual(1);
      expect(await countOf(store, 'view|/desk')).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('refuses a sign-in form posted from another site', async () => {
    const html = (await page('/desk')).html;
    const response = await fetch(`${served.app.url}/desk`, {
      method: 'POST',
      headers: { Origin: 'https://elsewhere.example' },
      body: formNamed(html, 'Mail me a sign-in link'),
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
  });
});

describe('signing in by a mailed link', () => {
  it('mails the link to the site owner only, and a GET or HEAD of the link uses nothing', async () => {
    const before = served.smtp.received.length;
    const asked = await pressButton(served.app.url, '/desk', 'Mail me a sign-in link');
    expect(asked.status).toBe(303);
    expect(asked.headers.get('location')).toMatch(/\/desk\?notice=link-sent$/);
    const link = new URL(await mailedSignInLink(served.smtp, before));
    const mail = served.smtp.received.at(-1);
    expect(mail?.envelope.to).toEqual(['inbox@consultant.test']);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    // A mail scanner's visits.
    const head = await fetch(link, { method: 'HEAD' });
    const scanned = await fetch(link);
    for (const response of [head, scanned]) {
      expect(response.status).toBe(200);
      expect(sessionCookieOf(response)).toBeUndefined();
      expect(response.headers.get('referrer-policy')).toBe('strict-origin');
    }
    const signedIn = await pressButton(served.app.url, `${link.pathname}${link.search}`, 'Sign in');
    expect(signedIn.status).toBe(303);
    const setCookie = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith('desk_session=')) ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=lax/i);
    expect(setCookie).toMatch(/Path=\/desk/);
    expect(setCookie).not.toMatch(/Secure/i);
    expect(setCookie).toMatch(/Max-Age=604800/);
    // The same link again.
    const again = await pressButton(served.app.url, `${link.pathname}${link.search}`, 'Sign in');
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toMatch(/notice=link-refused/);
    expect(sessionCookieOf(again)).toBeUndefined();
  });

  it('refuses a tampered link and an expired one', async () => {
    const before = served.smtp.received.length;
    await pressButton(served.app.url, '/desk', 'Mail me a sign-in link');
    const link = new URL(await mailedSignInLink(served.smtp, before));
    const token = link.searchParams.get('token') ?? '';
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const refused = await pressButton(served.app.url, `/desk/sign-in?token=${tampered}`, 'Sign in');
    expect(refused.headers.get('location')).toMatch(/notice=link-refused/);
    expect(sessionCookieOf(refused)).toBeUndefined();
    // A token whose life has ended, kept where the server keeps them.
    const expired = await expiredSignInToken(dataDir);
    const late = await pressButton(served.app.url, `/desk/sign-in?token=${expired}`, 'Sign in');
    expect(late.headers.get('location')).toMatch(/notice=link-refused/);
    expect(sessionCookieOf(late)).toBeUndefined();
  });
});

describe('the desk signed in', () => {
  let cookie = '';

  /** The signed-in desk, and the reference of an inquiry on it that waits for a reply. */
  async function deskWithWaitingInquiry(): Promise<{ html: string; listed: string }> {
    const { html } = await page('/desk', cookie);
    const listed = /aria-label="Mark answered: ([0-9A-Z-]+)"/.exec(html)?.[1] ?? '';
    expect(listed).not.toBe('');
    return { html, listed };
  }

  /** The inquiry `listed` is as it was: not answered, its details kept. */
  async function expectUnchanged(listed: string): Promise<void> {
    const store = embeddedStore(dataDir);
    try {
      expect((await store.readAnswered()).has(listed)).toBe(false);
      expect((await store.readDetails([listed])).size).toBe(1);
    } finally {
      await store.close();
    }
  }

  it('shows an inquiry made a moment before: who wrote, what they want, a Reply link, and a chart', async () => {
    const reference = await inquiry();
    cookie = await signInToDesk(served.app.url, served.smtp);
    expect((await page('/desk', cookie)).html).toContain(reference);
    const { response, html } = await deskWithChart(cookie);
    expect(response.status).toBe(200);
    expect(html).toContain(reference);
    expect(html).toContain('Priya Raman');
    expect(html).toContain('fintech');
    expect(html).toContain('Our positioning against the incumbents is unclear to buyers.');
    expect(html).toContain('Tuesday afternoon');
    expect(html).toContain(
      `href="mailto:priya@ledgerline.example?subject=${encodeURIComponent(`Your consultation request [ref ${reference}]`)}"`,
    );
    expect(html).toMatch(/\d+ waiting for your reply, none past the 24 hours/);
    expect(html).toMatch(CHART);
    expect(html).toMatch(/<table/);
  });

  it("is not opened by cookies forged from the store's contents, though it keeps the signing key", async () => {
    const entries = await embeddedDeskStoreEntries(dataDir);
    // The forger's recipe is sound: with the id of the real cookie, which the store does not hold, it opens the desk.
    const realId = decodeJwt(cookie.slice(cookie.indexOf('=') + 1)).jti ?? '';
    expect((await page('/desk', await cookieForged(entries, cookie, realId))).html).toContain('Sign out');
    const forged = await cookiesForgedFromStore(entries, cookie);
    expect(forged.length).toBeGreaterThan(2);
    for (const forgery of forged) {
      const { html } = await page('/desk', forgery);
      expect(html).toContain('Mail me a sign-in link');
      expect(html).not.toContain('Sign out');
    }
  });

  it('downloads the figures as JSON, and the inquiries and the traffic as CSV', async () => {
    const json = await fetch(`${served.app.url}/desk/figures.json`, { headers: { Cookie: cookie } });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json.headers.get('cache-control')).toBe('private, no-store');
    const figures = (await json.json()) as { inquiries: { reference: string }[] };
    expect(figures.inquiries.length).toBeGreaterThan(0);
    expect(JSON.stringify(figures)).not.toMatch(/Priya|ledgerline|incumbents/);
    for (const file of ['inquiries.csv', 'traffic.csv']) {
      const csv = await fetch(`${served.app.url}/desk/${file}`, { headers: { Cookie: cookie } });
      expect(csv.status, file).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(csv.headers.get('content-disposition')).toMatch(
        new RegExp(`^attachment; filename="${file.replace('.csv', '')}-`),
      );
      const text = await csv.text();
      expect(text).not.toMatch(/ledgerline|incumbents/);
      if (file === 'inquiries.csv') expect(text).toContain(figures.inquiries[0]?.reference ?? 'none');
    }
  });

  it('marks an inquiry answered, and takes the mark back', async () => {
    const reference = await inquiry();
    const marked = await pressButton(served.app.url, '/desk', `Mark answered: ${reference}`, cookie);
    expect(marked.status).toBe(303);
    expect(marked.headers.get('location')).toMatch(/notice=answered/);
    let { html } = await page('/desk', cookie);
    expect(html).not.toContain(`Mark answered: ${reference}`);
    const store = embeddedStore(dataDir);
    try {
      expect((await store.readAnswered()).has(reference)).toBe(true);
      const undone = await pressButton(served.app.url, '/desk', `Mark not answered: ${reference}`, cookie);
      expect(undone.headers.get('location')).toMatch(/notice=not-answered/);
      expect((await store.readAnswered()).has(reference)).toBe(false);
      ({ html } = await page('/desk', cookie));
      expect(html).toContain(`Mark answered: ${reference}`);
    } finally {
      await store.close();
    }
  });

  it('erases who wrote an inquiry at once, keeping its reference', async () => {
    const reference = await inquiry();
    const erased = await pressButton(served.app.url, '/desk', `Erase name and message: ${reference}`, cookie);
    expect(erased.headers.get('location')).toMatch(/notice=erased/);
    const store = embeddedStore(dataDir);
    try {
      expect(await store.readDetails([reference])).toEqual(new Map());
    } finally {
      await store.close();
    }
    const { html } = await page('/desk', cookie);
    expect(html).toContain(reference);
    expect(html).not.toContain(`Erase name and message: ${reference}`);
  });

  it('shows a name with markup and direction marks as plain text', async () => {
    const response = await fetch(`${served.app.url}${SCHEDULE}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_name: '<img src=x onerror=alert(1)>Mallory\u202Egnp.exe',
        client_email: 'mallory@example.com',
        project_context: '<script>alert(1)</script> we need a rebrand',
      }),
    });
    expect(response.status).toBe(200);
    const { html } = await page('/desk', cookie);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;Mallory gnp.exe');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; we need a rebrand');
    expect(html).not.toContain('\u202E');
    expect(html).not.toMatch(/<img src=x|<script>alert/);
  });

  it('refuses every inquiry action posted without a session, or from another site, and changes nothing', async () => {
    const { html, listed } = await deskWithWaitingInquiry();
    for (const button of [`Mark answered: ${listed}`, `Erase name and message: ${listed}`]) {
      const { url, body } = formPost(served.app.url, '/desk', pageForm(html, button));
      const anonymous = await fetch(url, {
        method: 'POST',
        headers: { Origin: served.app.url },
        body,
        redirect: 'manual',
      });
      expect(anonymous.headers.get('location') ?? '', button).not.toMatch(/notice=(answered|erased)/);
      const { body: again } = formPost(served.app.url, '/desk', pageForm(html, button));
      const crossSite = await fetch(url, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: 'https://elsewhere.example' },
        body: again,
        redirect: 'manual',
      });
      expect(crossSite.status, button).toBe(403);
    }
    await expectUnchanged(listed);
  });

  it('changes nothing for a reference it does not list, and says so', async () => {
    const { html, listed } = await deskWithWaitingInquiry();
    for (const button of [`Mark answered: ${listed}`, `Erase name and message: ${listed}`]) {
      const form = pageForm(html, button);
      form.fields.set('reference', '261128-NOSUCH');
      const { url, body } = formPost(served.app.url, '/desk', form);
      const posted = await fetch(url, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: served.app.url },
        body,
        redirect: 'manual',
      });
      expect(posted.headers.get('location'), button).toMatch(/notice=not-found/);
    }
    await expectUnchanged(listed);
  });

  it('signs out on the server: the old cookie no longer opens the desk', async () => {
    const out = await pressButton(served.app.url, '/desk', 'Sign out', cookie);
    expect(out.status).toBe(303);
    expect(out.headers.getSetCookie().join('\n')).toMatch(/desk_session=;/);
    const { html } = await page('/desk', cookie);
    expect(html).toContain('Mail me a sign-in link');
    expect((await fetch(`${served.app.url}/desk/figures.json`, { headers: { Cookie: cookie } })).status).toBe(401);
  });
});

describe('the desk with the embedded inbox, behind a trusted https proxy', () => {
  const outboxDir = path.join(freshDataDir(), 'outbox');
  const proxiedDataDir = freshDataDir();
  // Made open to all before the server starts, as an older version left them.
  for (const dir of [outboxDir, path.join(proxiedDataDir, 'desk')]) {
    fs.mkdirSync(dir);
    fs.chmodSync(dir, 0o755);
  }
  const proxied = appForThisFile({ DATA_DIR: proxiedDataDir, OUTBOX_DIR: outboxDir, TRUST_PROXY: 'true' });

  it('names no folder of the server, and sets a Secure cookie when the site is reached over https', async () => {
    const url = proxied.app.url;
    const html = await (await fetch(`${url}/desk`)).text();
    expect(html).not.toContain(outboxDir);
    expect(html).not.toContain(path.dirname(outboxDir));
    expect(html).toContain('npm run desk-link');
    expect((await pressButton(url, '/desk', 'Mail me a sign-in link')).status).toBe(303);
    let link: string | undefined;
    for (const until = Date.now() + 10_000; !link && Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
      const files = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((file) => file.endsWith('.eml')) : [];
      for (const file of files) {
        const mail = await simpleParser(fs.readFileSync(path.join(outboxDir, file)));
        link ??= /http:\/\/\S+\/desk\/sign-in\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
      }
    }
    expect(link).toBeDefined();
    const target = new URL(link ?? '');
    const pathname = `${target.pathname}${target.search}`;
    const page = await (await fetch(`${url}${pathname}`)).text();
    const post = formPost(url, pathname, pageForm(page, 'Sign in'));
    const signedIn = await fetch(post.url, {
      method: 'POST',
      headers: { Origin: url, 'X-Forwarded-Proto': 'https' },
      body: post.body,
      redirect: 'manual',
    });
    const setCookie = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith('desk_session=')) ?? '';
    expect(setCookie).toMatch(/; Secure/i);
  });

  it("keeps the outbox, its mails (live sign-in links) and the desk's store for the server's user alone", async () => {
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    const mails = fs.readdirSync(outboxDir).filter((file) => file.endsWith('.eml'));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(mode(path.join(outboxDir, mail))).toBe(0o600);
    expect(mode(outboxDir)).toBe(0o700);
    expect(mode(path.join(proxiedDataDir, 'desk'))).toBe(0o700);
  });

  it("refuses another site's name, as everywhere", async () => {
    const answer = await rawRequest(proxied.app.url, 'GET /desk HTTP/1.1\r\nHost: elsewhere.example');
    expect(answer.status).toBe(403);
  });
});
