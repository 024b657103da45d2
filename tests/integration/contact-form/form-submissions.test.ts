import { describe, expect, it } from 'vitest';
import { appWithMailForThisFile } from '../support/app-for-file';
import { contactFormData } from '../support/contact-form';
import { startSmtpServer } from '../support/smtp';

/**
 * Hand-made form submissions whose hidden action fields or Server Action arguments refer to parts they do not
 * include: Next leaves React waiting for those parts and answers 500. The project's server refuses them with a
 * plain 400 first (lib/security/react-reply.ts); nothing is mailed and nothing is logged as an error. The real
 * form, with and without JavaScript, is tests/e2e/contact/contact-form.spec.ts and the first test below.
 */
const served = appWithMailForThisFile(startSmtpServer);

/** The consultation form as a browser without JavaScript posts it, with `hidden` fields replaced. */
const contactForm = (hidden: Record<string, string> = {}) =>
  contactFormData(served.app.url, { client_name: 'Mo Reyes', client_email: 'mo@latticeworks.example' }, hidden);

async function actionId(): Promise<string> {
  return (JSON.parse(String((await contactForm()).get('$ACTION_1:0'))) as { id: string }).id;
}

const post = (headers: Record<string, string>, body: BodyInit) =>
  fetch(`${served.app.url}/contact`, { method: 'POST', headers: { Origin: served.app.url, ...headers }, body });

async function expectRefused(response: Response): Promise<void> {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(await response.text()).toMatch(/Nothing was sent\./);
}

describe('form submissions that refer to parts they do not include', () => {
  it('the real form without JavaScript still sends its mail', async () => {
    const before = served.smtp.received.length;
    const response = await post({}, await contactForm());
    expect(response.status).toBe(200);
    await expect.poll(() => served.smtp.received.length).toBe(before + 1);
  });

  it.each([
    ['a reference to a missing part', '["$1"]'],
    ['a Map that refers to a missing part', '[{"a":"$Q1"}]'],
    ['a reference that is not hexadecimal', '["$zz"]'],
  ])('a Next-Action call with %s: 400', async (_label, body) => {
    const id = await actionId();
    await expectRefused(await post({ 'Next-Action': id, 'Content-Type': 'text/plain;charset=UTF-8' }, body));
  });

  it('a multipart Next-Action call whose arguments refer to a missing part: 400', async () => {
    const form = new FormData();
    form.append('0', '["$1"]');
    await expectRefused(await post({ 'Next-Action': await actionId() }, form));
  });

  it('React’s own encodings that refer to no part still reach the action', async () => {
    const id = await actionId();
    const call = await post(
      { 'Next-Action': id, 'Content-Type': 'text/plain;charset=UTF-8', Accept: 'text/x-component' },
      '["$undefined","$K1"]',
    );
    expect(call.status).toBe(200);
  });

  it.each([
    ['bound arguments that are not there', { '$ACTION_1:0': 'BOUND_MISSING' }],
    ['bound arguments that are not JSON', { '$ACTION_1:1': '[garbage' }],
    ['bound arguments that refer to a missing part', { '$ACTION_1:1': '["$5"]' }],
    ['action fields that are not JSON', { '$ACTION_1:0': '{garbage' }],
  ])('a form without JavaScript with %s: 400', async (_label, replaced) => {
    const id = await actionId();
    const fields = Object.fromEntries(
      Object.entries(replaced).map(([name, value]) => [
        name,
        value === 'BOUND_MISSING' ? JSON.stringify({ id, bound: '$@9' }) : value,
      ]),
    );
    await expectRefused(await post({}, await contactForm(fields)));
  });

  it('mailed nothing and logged no error for any of them', async () => {
    expect(served.smtp.received).toHaveLength(1);
    expect(served.app.output()).not.toMatch(/Connection closed|Error:|^\s+at /m);
  });
});
