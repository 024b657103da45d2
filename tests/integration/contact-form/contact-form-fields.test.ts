import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../support/app';
import { startAppWithMail, stopAppWithMail } from '../support/app-with-mail';
import { postContactForm } from '../support/contact-form';
import { type TestSmtpServer, startSmtpServer } from '../support/smtp';

/**
 * The contact form takes text only: a field posted as a file (a handcrafted multipart post) is a field error,
 * shown by that field, and nothing is mailed (never the text "[object File]").
 */
let smtp: TestSmtpServer;
let app: RunningApp;

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail(startSmtpServer));
});
afterAll(() => stopAppWithMail(app, smtp));

const file = () => new Blob(['Ada Quinn'], { type: 'text/plain' });
/** The page's HTML without the comments React puts between adjacent text nodes. */
const pageText = (response: Response) => response.text().then((html) => html.replaceAll('<!-- -->', ''));

describe('a file part in the consultation form', () => {
  it.each([
    ['client_name', 'Your name', { client_name: file(), client_email: 'ada@quanta.example' }],
    [
      'project_context',
      'About your company and what prompted this',
      { client_name: 'Ada Quinn', client_email: 'ada@quanta.example', project_context: file() },
    ],
  ])('as %s: the field error is shown by that field and no mail is sent', async (field, label, fields) => {
    const before = smtp.received.length;
    const response = await postContactForm(app.url, fields);
    expect(response.status).toBe(200);
    const html = await pageText(response);
    expect(html).toContain('Please correct the highlighted fields.');
    expect(html).toContain(`id="field-${field}-error"`);
    expect(html).toContain(`${label} must be text, not a file.`);
    expect(html).not.toContain('Request sent');
    expect(html).not.toContain('[object File]');
    // Wait a moment: a mail sent despite the error would arrive by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.length).toBe(before);
  });

  it('beside a text part of the same name: still the field error, no mail', async () => {
    const before = smtp.received.length;
    const html = await postContactForm(app.url, {
      client_name: ['Ada Quinn', file()],
      client_email: 'ada@quanta.example',
    }).then(pageText);
    expect(html).toContain('Your name must be text, not a file.');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.length).toBe(before);
  });

  it('the same form with text in every field is sent: one mail', async () => {
    const before = smtp.received.length;
    const html = await postContactForm(app.url, {
      client_name: 'Ada Quinn',
      client_email: 'ada@quanta.example',
      project_context: 'We build quantum compilers.',
    }).then(pageText);
    expect(html).toContain('Request sent');
    expect(smtp.received.length).toBe(before + 1);
  });
});
