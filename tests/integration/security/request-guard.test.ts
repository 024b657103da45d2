import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, distDir } from '../support/app';
import { appWithMailForThisFile } from '../support/app-for-file';
import { contactFormData } from '../support/contact-form';
import { startSmtpServer } from '../support/smtp';

/**
 * Requests on which Next itself fails with a 500, each found by fuzz.test.ts, and what the app answers instead
 * (lib/security/request-guard.ts; the markdown route prerenders only known pages).
 */
const served = appWithMailForThisFile(startSmtpServer);

/** The consultation form as a browser without JavaScript posts it. */
const contactForm = () =>
  contactFormData(served.app.url, { client_name: 'Mo Reyes', client_email: 'mo@latticeworks.example' });

describe('malformed percent-escapes in the path', () => {
  it.each(['/api/%ff', '/api/agent/resources/%e0%a4', '/api/agent/resources/%zz'])(
    '%s: 404 with the envelope, not 500',
    async (target) => {
      const response = await fetch(`${served.app.url}${target}`);
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe('NOT_FOUND');
    },
  );

  it.each(['/case-studies/%ff', '/engagements/%c3', '/%ff/x'])('%s: the not-found page, not 500', async (target) => {
    const response = await fetch(`${served.app.url}${target}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('a well-formed escape is untouched', async () => {
    expect((await fetch(`${served.app.url}/api/agent/resources/%62io`)).status).toBe(200);
  });
});

describe('forged and unknown form submissions', () => {
  it('a same-site submission without JavaScript still sends its mail', async () => {
    const before = served.smtp.received.length;
    const response = await fetch(`${served.app.url}/contact`, {
      method: 'POST',
      headers: { Origin: served.app.url },
      body: await contactForm(),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Request sent');
    expect(served.smtp.received.length).toBe(before + 1);
  });

  it.each([
    ['another site', 'https://evil.example', 403],
    ['an opaque origin', 'null', 403],
    ['a value that is not a URL', 'https://a.example, b.example', 400],
  ])('from %s (Origin: %s): refused, no mail, and no error in the log', async (_label, origin, status) => {
    const before = served.smtp.received.length;
    const response = await fetch(`${served.app.url}/contact`, {
      method: 'POST',
      headers: { Origin: origin },
      body: await contactForm(),
    });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('rest-version')).toBeTruthy();
    expect(served.smtp.received.length).toBe(before);
    expect(served.app.output()).not.toMatch(/Invalid Server Actions request|Invalid URL/);
  });

  it.each(['/no-such-page', '/contact', '/'])('an unknown Next-Action id on %s is 404, never 500', async (target) => {
    const response = await fetch(`${served.app.url}${target}`, {
      method: 'POST',
      headers: {
        'Next-Action': '7f00000000000000000000000000000000000000aa',
        RSC: '1',
        'Content-Type': 'text/plain;charset=UTF-8',
      },
      body: '[]',
    });
    expect(response.status).toBe(404);
    expect(served.app.output()).not.toMatch(/Invariant|Failed to find Server Action/);
  });
});

describe('form submissions Next could not decode', () => {
  /** The consultation form's Server Action id, as the page gives it to a browser without JavaScript. */
  async function actionId(): Promise<string> {
    const bound = (await contactForm()).get('$ACTION_1:0');
    return (JSON.parse(String(bound)) as { id: string }).id;
  }
  const post = (headers: Record<string, string>, body: BodyInit) =>
    fetch(`${served.app.url}/contact`, { method: 'POST', headers: { Origin: served.app.url, ...headers }, body });

  async function expectRefused(response: Response, status: number, message: RegExp): Promise<void> {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toMatch(message);
  }

  it.each([
    ['no boundary', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'],
    ['a body that is not multipart', 'multipart/form-data; boundary=x', '{}'],
    [
      'a body cut short',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="client_name"\r\n\r\nMo\r\n',
    ],
  ])(
    'a malformed multipart body (%s): 400 in plain text, no mail, no error in the log',
    async (_label, contentType, body) => {
      const before = served.smtp.received.length;
      await expectRefused(
        await post({ 'Content-Type': contentType }, body),
        400,
        /not well-formed multipart\/form-data\. Nothing was sent\./,
      );
      expect(served.smtp.received.length).toBe(before);
      expect(served.app.output()).not.toMatch(/Failed to parse body as FormData/);
    },
  );

  it('a form submission over 1 MB: 413, no mail', async () => {
    const before = served.smtp.received.length;
    const form = await contactForm();
    form.append('project_context', 'x'.repeat(1024 * 1024));
    await expectRefused(await post({}, form), 413, /limited to 1 MB/);
    expect(served.smtp.received.length).toBe(before);
  });

  it('a Next-Action call whose arguments are not a list: 400, no mail, no error in the log', async () => {
    const id = await actionId();
    const before = served.smtp.received.length;
    await expectRefused(
      await post({ 'Next-Action': id, 'Content-Type': 'text/plain;charset=UTF-8' }, 'garbage'),
      400,
      /not a JSON list/,
    );
    await expectRefused(
      await post({ 'Next-Action': id, 'Content-Type': 'text/plain;charset=UTF-8' }, '"x"'),
      400,
      /not a JSON list/,
    );
    const noArguments = new FormData();
    noArguments.append('client_name', 'Mo Reyes');
    await expectRefused(await post({ 'Next-Action': id }, noArguments), 400, /not a JSON list/);
    expect(served.smtp.received.length).toBe(before);
    expect(served.app.output()).not.toMatch(/CreateListFromArrayLike|Connection closed/);
  });

  it('the form action called with something other than the form: the form comes back, no mail, no 500', async () => {
    const id = await actionId();
    const before = served.smtp.received.length;
    const handmade = new FormData();
    handmade.append(`$ACTION_ID_${id}`, '');
    handmade.append('client_name', 'Mo Reyes');
    handmade.append('client_email', 'mo@latticeworks.example');
    // Without the form's hidden state fields, Next renders the page with the form as it was.
    const response = await post({}, handmade);
    expect(response.status).toBe(200);
    expect((await response.text()).includes('Send request</button>'), 'the form is shown again').toBe(true);
    const call = await post(
      { 'Next-Action': id, 'Content-Type': 'text/plain;charset=UTF-8', Accept: 'text/x-component' },
      '[null,null]',
    );
    expect(call.status).toBe(200);
    expect(await call.text()).toContain('did not come from the consultation form');
    expect(served.smtp.received.length).toBe(before);
    expect(served.app.output()).not.toMatch(/reading 'get'/);
  });
  // The real form, which now reaches Next through the check, is the first test above (without JavaScript) and
  // tests/e2e/contact/contact-form.spec.ts (with JavaScript, a multipart Next-Action call).
});

describe('unknown pages as markdown', () => {
  it('are 404 however often and however asked, and leave nothing behind on disk', async () => {
    const cache = path.join(ROOT, distDir(), 'server', 'route-cache');
    // Next may keep a copy of a page it serves, named by its route (other files' servers share this
    // build, so the count of entries may grow meanwhile): none may be named after a path asked for here.
    const keptForTheseRequests = () =>
      (fs.existsSync(cache) ? fs.readdirSync(cache, { recursive: true, encoding: 'utf8' }) : []).filter((name) =>
        /no-such-page-|(?:^|[\\/])x-\d/.test(name),
      );
    for (let i = 0; i < 20; i += 1) {
      const target = `/no-such-page-${i}.md`;
      // An OPTIONS first used to be kept as a 204 that made every later GET of the path a 500.
      expect((await fetch(`${served.app.url}${target}`, { method: 'OPTIONS' })).status).toBeLessThan(500);
      expect((await fetch(`${served.app.url}${target}`)).status).toBe(404);
      expect(
        (await fetch(`${served.app.url}/engagements/x-${i}`, { headers: { Accept: 'text/markdown' } })).status,
      ).toBe(404);
    }
    expect(keptForTheseRequests()).toEqual([]);
  });
});
