import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, freePort, startApp, startAppExpectingFailure } from '../support/app';
import { pressButton } from '../support/desk';
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

describe('the README run: no NODE_ENV, no SITE_URL, no mail server', () => {
  let app: RunningApp;
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  beforeAll(async () => {
    app = await startApp({ ...NO_MAIL, OUTBOX_DIR: outbox, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'data-')) });
  });
  afterAll(() => app.stop());

  it('serves, and keeps the sign-in mail in the outbox with its link whole on one line', async () => {
    const asked = await pressButton(app.url, '/desk', 'Mail me a sign-in link');
    expect(asked.status).toBe(303);
    let file: string | undefined;
    for (const until = Date.now() + 10_000; !file && Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
      file = fs.readdirSync(outbox).find((name) => name.endsWith('.eml'));
    }
    expect(file).toBeDefined();
    const raw = fs.readFileSync(path.join(outbox, file ?? ''), 'utf8');
    const parsed = await simpleParser(raw);
    const link = /https?:\/\/\S+\/desk\/sign-in\?token=[A-Za-z0-9_-]{43}/.exec(parsed.text ?? '')?.[0];
    expect(link).toBeDefined();
    // Copied from a text editor, the line is the link: no quoted-printable `=3D`, no soft break.
    expect(raw.split(/\r?\n/)).toContain(link);
    expect(raw).toMatch(/^Content-Transfer-Encoding: 7bit$/im);
    expect(raw).not.toContain('=3D');
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
