import { describe, expect, it } from 'vitest';
import { defaultAppServer } from '../support/app';
import { appWithMailForThisFile } from '../support/app-for-file';
import { contactFormData } from '../support/contact-form';
import { startSmtpServer } from '../support/smtp';

/**
 * Form posts that their headers show to be forged or misdirected are refused in plain text on both serving paths
 * (the project's server's guard; proxy.ts under bare `next start`), never answered 500 by Next; nothing is sent.
 */
const served = appWithMailForThisFile(startSmtpServer);
const fields = { client_name: 'Mo Reyes', client_email: 'mo@latticeworks.example' };

describe(`forged and misdirected form posts (${defaultAppServer()})`, () => {
  it.each([
    ['another site', 'https://evil.example', 403],
    ['an opaque origin', 'null', 403],
    ['a value that is not a URL', 'https://a.example, b.example', 400],
  ])('from %s (Origin: %s): refused in plain text', async (_label, origin, status) => {
    const response = await fetch(`${served.app.url}/contact`, {
      method: 'POST',
      headers: { Origin: origin },
      body: await contactFormData(served.app.url, fields),
    });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('the form posted to a page that has none: 405 in plain text', async () => {
    const response = await fetch(`${served.app.url}/about`, {
      method: 'POST',
      headers: { Origin: served.app.url },
      body: await contactFormData(served.app.url, fields),
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('the real form from this site still sends its mail, and nothing else was sent', async () => {
    const response = await fetch(`${served.app.url}/contact`, {
      method: 'POST',
      headers: { Origin: served.app.url },
      body: await contactFormData(served.app.url, fields),
    });
    expect(response.status).toBe(200);
    await expect.poll(() => served.smtp.received.length).toBe(1);
    expect(served.app.output()).not.toMatch(/Invalid Server Actions request|Invalid URL|^\s+at /m);
  });
});
