import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type RunningApp, distDir, startApp } from './support/app';
import { type TestSmtpServer, startSmtpServer } from './support/smtp';

/**
 * Requests on which Next itself fails with a 500, each found by fuzz.test.ts, and what the app answers instead
 * (lib/security/request-guard.ts; the markdown route prerenders only known pages).
 */
let app: RunningApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApp(smtp.env());
});
afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

/** The hidden fields of the consultation form (its Server Action), as a browser without JavaScript posts them. */
async function contactForm(): Promise<FormData> {
  const html = await (await fetch(`${app.url}/contact`)).text();
  const fields = new FormData();
  for (const [, name = '', value = ''] of html.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g)) {
    fields.append(name, value.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
  }
  fields.append('client_name', 'Mo Reyes');
  fields.append('client_email', 'mo@latticeworks.example');
  return fields;
}

describe('malformed percent-escapes in the path', () => {
  it.each(['/api/%ff', '/api/agent/resources/%e0%a4', '/api/agent/resources/%zz'])('%s: 404 with the envelope, not 500', async (target) => {
    const response = await fetch(`${app.url}${target}`);
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('NOT_FOUND');
  });

  it.each(['/case-studies/%ff', '/engagements/%c3', '/%ff/x'])('%s: the not-found page, not 500', async (target) => {
    const response = await fetch(`${app.url}${target}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('a well-formed escape is untouched', async () => {
    expect((await fetch(`${app.url}/api/agent/resources/%62io`)).status).toBe(200);
  });
});

describe('forged and unknown form submissions', () => {
  it('a same-site submission without JavaScript still sends its mail', async () => {
    const before = smtp.received.length;
    const response = await fetch(`${app.url}/contact`, { method: 'POST', headers: { Origin: app.url }, body: await contactForm() });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Request sent');
    expect(smtp.received.length).toBe(before + 1);
  });

  it.each([
    ['another site', 'https://evil.example', 403],
    ['an opaque origin', 'null', 403],
    ['a value that is not a URL', 'https://a.example, b.example', 400],
  ])('from %s (Origin: %s): refused, no mail, and no error in the log', async (_label, origin, status) => {
    const before = smtp.received.length;
    const response = await fetch(`${app.url}/contact`, { method: 'POST', headers: { Origin: origin }, body: await contactForm() });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('rest-version')).toBeTruthy();
    expect(smtp.received.length).toBe(before);
    expect(app.output()).not.toMatch(/Invalid Server Actions request|Invalid URL/);
  });

  it.each(['/no-such-page', '/contact', '/'])('an unknown Next-Action id on %s is 404, never 500', async (target) => {
    const response = await fetch(`${app.url}${target}`, {
      method: 'POST',
      headers: { 'Next-Action': '7f00000000000000000000000000000000000000aa', RSC: '1', 'Content-Type': 'text/plain;charset=UTF-8' },
      body: '[]',
    });
    expect(response.status).toBe(404);
    expect(app.output()).not.toMatch(/Invariant|Failed to find Server Action/);
  });
});

describe('unknown pages as markdown', () => {
  it('are 404 however often and however asked, and leave nothing behind on disk', async () => {
    const cache = path.join(ROOT, distDir(), 'server', 'route-cache');
    const count = () => (fs.existsSync(cache) ? fs.readdirSync(cache, { recursive: true }).length : 0);
    // Next keeps a copy of each prerendered page it serves (the not-found page too) once; that is not per path.
    await fetch(`${app.url}/warm-up.md`);
    await fetch(`${app.url}/engagements/warm-up`, { headers: { Accept: 'text/markdown' } });
    const before = count();
    for (let i = 0; i < 20; i += 1) {
      const target = `/no-such-page-${i}.md`;
      // An OPTIONS first used to be kept as a 204 that made every later GET of the path a 500.
      expect((await fetch(`${app.url}${target}`, { method: 'OPTIONS' })).status).toBeLessThan(500);
      expect((await fetch(`${app.url}${target}`)).status).toBe(404);
      expect((await fetch(`${app.url}/engagements/x-${i}`, { headers: { Accept: 'text/markdown' } })).status).toBe(404);
    }
    expect(count()).toBe(before);
  });
});
