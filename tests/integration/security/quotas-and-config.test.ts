import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../lib/content';
import { startApp, startAppExpectingFailure } from '../support/app';
import { startSmtpServer } from '../support/smtp';

const content = loadContent();
const valid = { client_name: 'Jonas Berg', client_email: 'jonas@gridwise.example', technology_sector: 'climate tech' };
const schedule = (url: string, body: unknown = valid) =>
  fetch(`${url}/api/agent/tools/schedule-consultation`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('quotas', () => {
  it('RATE_LIMIT_PER_MINUTE: past the quota, 429 RATE_LIMITED with Retry-After and the RateLimit-* headers', async () => {
    const app = await startApp({ RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const remaining: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await fetch(`${app.url}/api/agent`);
        expect(response.status).toBe(200);
        remaining.push(response.headers.get('ratelimit-remaining') ?? '');
      }
      expect(remaining).toEqual(['4', '3', '2', '1', '0']);
      const limited = await fetch(`${app.url}/api/agent/resources/bio`);
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(limited.headers.get('ratelimit-limit')).toBe('5');
      expect(limited.headers.get('ratelimit-remaining')).toBe('0');
      expect(limited.headers.get('ratelimit-policy')).toBe('5;w=60');
      const { error } = await limited.json();
      expect(error.code).toBe('RATE_LIMITED');
      expect(error.resolution).toMatch(/Retry-After/);
      // Pages are not API calls and are never limited.
      expect((await fetch(`${app.url}/`)).status).toBe(200);
    } finally {
      await app.stop();
    }
  });

  it('SCHEDULE_LIMIT_PER_HOUR: the mail quota stops mail, and counts only valid requests', async () => {
    const smtp = await startSmtpServer();
    const app = await startApp(smtp.env({ SCHEDULE_LIMIT_PER_HOUR: '2' }));
    try {
      expect((await schedule(app.url, { client_name: 'x' })).status).toBe(400);
      const first = await schedule(app.url);
      expect(first.status).toBe(200);
      expect(first.headers.get('ratelimit-policy')).toBe('2;w=3600');
      expect(first.headers.get('ratelimit-remaining')).toBe('1');
      expect((await schedule(app.url)).status).toBe(200);
      const third = await schedule(app.url);
      expect(third.status).toBe(429);
      expect((await third.json()).error.code).toBe('RATE_LIMITED');
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(60);
      expect(smtp.received).toHaveLength(2);
    } finally {
      await app.stop();
      await smtp.close();
    }
  });

  it('0 turns a limit off: no 429 and no RateLimit headers', async () => {
    const app = await startApp({ RATE_LIMIT_PER_MINUTE: '0' });
    try {
      for (let i = 0; i < 20; i += 1) expect((await fetch(`${app.url}/api/agent`)).status).toBe(200);
      expect((await fetch(`${app.url}/api/agent`)).headers.get('ratelimit-limit')).toBeNull();
    } finally {
      await app.stop();
    }
  });
});

describe('configuration is checked at start', () => {
  it.each([
    [{ SMTP_PORT: 'abc' }, 'SMTP_PORT'],
    [{ SMTP_SECURE: 'maybe' }, 'SMTP_SECURE'],
    [{ RATE_LIMIT_PER_MINUTE: '-1' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ SMTP_HOST: 'smtp.example.com' }, 'SMTP_USER'],
  ])(
    '%o stops start-up with a message naming %s',
    async (env, variable) => {
      const { code, output } = await startAppExpectingFailure(env);
      expect(code).not.toBe(0);
      expect(output).toContain('Invalid environment configuration');
      expect(output).toMatch(new RegExp(`${variable}=`));
    },
    30_000,
  );
});

describe('the embedded inbox when no SMTP server is configured', () => {
  it('captures the request as an .eml file over authenticated SMTP, logs where, and tells the caller nothing of it', async () => {
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const app = await startApp({ OUTBOX_DIR: outbox });
    try {
      expect(await app.outputShowing(`saved as .eml files in ${outbox}`)).toContain(`saved as .eml files in ${outbox}`);
      expect(app.output()).toContain('authentication required');
      const words = 'Zoë’s rebrand — before the launch in Malmö.';
      const response = await schedule(app.url, { ...valid, project_context: words });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.success).toBe(true);
      // The caller hears the same as for any accepted request: where the site keeps its mail is the owner's.
      expect(body.message).toMatch(/has been sent to/);
      expect(body.message).not.toMatch(/captured|outbox|SMTP/i);
      expect(body.message).toContain('within 24 hours');
      // Where the server keeps its files is never told to a caller.
      expect(JSON.stringify(body)).not.toContain(outbox);
      expect(JSON.stringify(body)).not.toMatch(/\/tmp|\.eml/);
      const files = fs.readdirSync(outbox).filter((name) => name.endsWith('.eml'));
      // Named by the day and the reference she is quoted, and readable in a text editor as written.
      expect(files).toEqual([`${new Date().toISOString().slice(0, 10)}_${body.reference}.eml`]);
      const raw = fs.readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
      expect(raw).toContain(words);
      expect(raw).toContain(`Reference: ${body.reference}`);
      expect(raw).not.toMatch(/quoted-printable|base64/i);
      const mail = await simpleParser(raw);
      expect(mail.subject).toMatch(/^Consultation request from Jonas Berg \(climate tech\) \[ref \d{6}-[0-9A-Z]{6}\]$/);
      expect(mail.to && 'value' in mail.to ? mail.to.value[0]?.address : undefined).toBe(content.bio.email);
      expect(mail.replyTo?.value[0]?.address).toBe('jonas@gridwise.example');
    } finally {
      await app.stop();
    }
  });
});
