import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, freePort, startApp, startAppExpectingFailure } from '../support/app';
import { pressButton, sessionCookieOf } from '../support/desk';
import { type TestSmtpServer, startSmtpServer } from '../support/smtp';

/** No mail server and no trial: what a live site must not run with. */
const NO_MAIL = { EMBEDDED_INBOX: '' };

describe('a live site without a mail server does not start', () => {
  it.each([
    ['NODE_ENV=production, on the project server', { NODE_ENV: 'production' }, 'project'],
    ['a SITE_URL other than loopback', { SITE_URL: 'https://www.plainword.example' }, 'project'],
    ['bare next start, which sets NODE_ENV=production itself', {}, 'next'],
  ] as const)('%s: exit 1 and one line naming what to set', async (_label, env, server) => {
    const { code, output } = await startAppExpectingFailure({ ...NO_MAIL, ...env }, server);
    expect(code).toBe(1);
    const lines = output.split('\n').filter((line) => line.includes('[mail]'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/live site .*SMTP_HOST, SMTP_USER, SMTP_PASS and MAIL_TO.*docs\/configuration\.md/);
    expect(lines[0]).toContain('EMBEDDED_INBOX=true');
    expect(output).not.toMatch(/^\s+at /m);
  });

  it.each([
    ['credentials without a host', 'SMTP_HOST', { SMTP_USER: 'site', SMTP_PASS: 'secret' }],
    ['a port without a host', 'SMTP_HOST', { SMTP_PORT: '2525' }],
    ['a host without a password', 'SMTP_PASS', { SMTP_HOST: '127.0.0.1', SMTP_USER: 'site' }],
    [
      'a port that is not a number',
      'SMTP_PORT',
      { SMTP_HOST: 'mail.example', SMTP_USER: 'u', SMTP_PASS: 'p', SMTP_PORT: 'abc' },
    ],
    ['a MAIL_TO that is not an address', 'MAIL_TO', { MAIL_TO: 'the consultant' }],
    [
      'the trial beside a mail server',
      'EMBEDDED_INBOX',
      { SMTP_HOST: 'mail.example', SMTP_USER: 'u', SMTP_PASS: 'p', EMBEDDED_INBOX: 'true' },
    ],
  ])('%s: exit 1 with a line naming %s', async (_label, setting, env) => {
    const { code, output } = await startAppExpectingFailure({ ...NO_MAIL, ...env });
    expect(code).toBe(1);
    expect(output).toMatch(new RegExp(`^\\s+- ${setting}=`, 'm'));
  });
});

/** The newest sign-in mail in `outbox`, waiting for it: the file as written, and its link. */
async function outboxSignInMail(outbox: string): Promise<{ raw: string; link: string }> {
  for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    for (const name of fs.readdirSync(outbox).filter((file) => file.endsWith('.eml'))) {
      const raw = fs.readFileSync(path.join(outbox, name), 'utf8');
      const link = /https?:\/\/\S+\/desk\/sign-in\?token=[A-Za-z0-9_-]{43}/.exec(
        (await simpleParser(raw)).text ?? '',
      )?.[0];
      if (link) return { raw, link };
    }
  }
  throw new Error(`no sign-in mail in ${outbox}`);
}

/** Asks for a link on the desk, takes it from the outbox and signs in: the mail and the desk as she then reads it. */
async function signInThroughOutbox(
  app: RunningApp,
  outbox: string,
): Promise<{ raw: string; link: string; desk: string }> {
  expect((await pressButton(app.url, '/desk', 'Mail me a sign-in link')).status).toBe(303);
  const { raw, link } = await outboxSignInMail(outbox);
  const signedIn = await pressButton(app.url, new URL(link).pathname + new URL(link).search, 'Sign in');
  const cookie = sessionCookieOf(signedIn);
  expect(cookie).toBeDefined();
  const desk = await (await fetch(`${app.url}/desk`, { headers: { Cookie: cookie ?? '' } })).text();
  return { raw, link, desk };
}

const folders = () => ({
  OUTBOX_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-')),
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'data-')),
});

describe('the README run: no NODE_ENV, no SITE_URL, no mail server', () => {
  let app: RunningApp;
  const { OUTBOX_DIR, DATA_DIR } = folders();
  beforeAll(async () => {
    app = await startApp({ ...NO_MAIL, OUTBOX_DIR, DATA_DIR });
  });
  afterAll(() => app.stop());

  it('serves; the sign-in mail waits in the outbox with its link whole on one line; the desk says where', async () => {
    const { raw, link, desk } = await signInThroughOutbox(app, OUTBOX_DIR);
    // Copied from a text editor, the line is the link: no quoted-printable `=3D`, no soft break.
    expect(raw.split(/\r?\n/)).toContain(link);
    expect(raw).toMatch(/^Content-Transfer-Encoding: 7bit$/im);
    expect(raw).not.toContain('=3D');
    expect(desk).toContain('No mail server is set: no mail is sent.');
    expect(desk).toContain(OUTBOX_DIR);
    expect(desk).not.toContain('Trial');
  });

  it('a link mangled on its way: `=3D` still signs in once; a cut one gets a page that says how to open it', async () => {
    expect((await pressButton(app.url, '/desk', 'Mail me a sign-in link')).status).toBe(303);
    // A fresh outbox file: the one the first test read is kept by the inbox too.
    const before = new Set(fs.readdirSync(OUTBOX_DIR));
    let link = '';
    for (const until = Date.now() + 10_000; !link && Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
      const added = fs.readdirSync(OUTBOX_DIR).find((name) => !before.has(name) && name.endsWith('.eml'));
      if (added)
        link = /https?:\/\/\S+token=\S+/.exec(fs.readFileSync(path.join(OUTBOX_DIR, added), 'utf8'))?.[0] ?? '';
    }
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(token).toHaveLength(43);
    for (const cut of [token.slice(0, 30), `${token.slice(0, 30)}=`]) {
      const html = await (await fetch(`${app.url}/desk/sign-in?token=${cut}`)).text();
      expect(html).toContain('This link arrived incomplete or changed on its way');
      expect(html).not.toMatch(/expired|used already/);
      expect(html).not.toContain('>Sign in</button>');
    }
    const signedIn = await pressButton(app.url, `/desk/sign-in?token=3D${token}`, 'Sign in');
    expect(sessionCookieOf(signedIn)).toBeDefined();
  });
});

describe('a trial on a live site: NODE_ENV=production and EMBEDDED_INBOX=true', () => {
  let app: RunningApp;
  const { OUTBOX_DIR, DATA_DIR } = folders();
  beforeAll(async () => {
    app = await startApp({ NODE_ENV: 'production', EMBEDDED_INBOX: 'true', OUTBOX_DIR, DATA_DIR });
  });
  afterAll(() => app.stop());

  it('serves, and the desk says at its top that it is a trial and how to go live; a stranger reads no folder', async () => {
    expect(await (await fetch(`${app.url}/desk`)).text()).not.toContain(OUTBOX_DIR);
    const { desk } = await signInThroughOutbox(app, OUTBOX_DIR);
    expect(desk).toContain('Trial: no mail is sent.');
    expect(desk).toContain('set SMTP_HOST, SMTP_USER, SMTP_PASS and MAIL_TO, remove EMBEDDED_INBOX');
    expect(desk.indexOf('Trial: no mail is sent.')).toBeLessThan(desk.indexOf('<h2'));
  });
});

describe('a mail server that refuses the login, or cannot be reached', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('a wrong password: one plain line at start naming host, port and cause; the site still serves', async () => {
    const app = await startApp(smtp.env({ SMTP_PASS: 'not-the-password', NODE_ENV: 'production' }));
    try {
      const output = await app.outputShowing('cannot be used', 10_000);
      const lines = output.split('\n').filter((line) => line.includes('[mail]'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`the mail server 127.0.0.1:${smtp.port} cannot be used`);
      expect(lines[0]).toContain("refused the site's credentials");
      expect(lines[0]).not.toContain('not-the-password');
      expect((await fetch(`${app.url}/`)).status).toBe(200);
    } finally {
      await app.stop();
    }
  });

  it('the right password: the log says the server took the login', async () => {
    const app = await startApp(smtp.env({ NODE_ENV: 'production' }));
    try {
      expect(await app.outputShowing('accepted the site', 10_000)).toContain(
        `the mail server 127.0.0.1:${smtp.port} accepted the site's login`,
      );
    } finally {
      await app.stop();
    }
  });

  it('an unreachable host: the line says it could not be reached', async () => {
    const closedPort = await freePort();
    const app = await startApp(smtp.env({ SMTP_PORT: String(closedPort), NODE_ENV: 'production' }));
    try {
      const output = await app.outputShowing('cannot be used', 10_000);
      expect(output).toContain(
        `the mail server 127.0.0.1:${closedPort} cannot be used: the mail server could not be reached`,
      );
    } finally {
      await app.stop();
    }
  });
});
