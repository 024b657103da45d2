import { type Page, expect, test } from '@playwright/test';
import { loadContent } from '../../../lib/content';
import { startApp } from '../../integration/support/app';
import { startSmtpServer } from '../../integration/support/smtp';
import { appWithMailForThisFile } from '../support';

/**
 * The consultation form on /contact submits through schedule_consultation's own code to a real SMTP server on
 * loopback. Each test starts the built app pointed at its own server, so mails can be counted exactly.
 */
const content = loadContent();
test.describe.configure({ mode: 'serial' });

const served = appWithMailForThisFile();

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label).fill(value);
}

test('with JavaScript: sends one mail and shows the success state', async ({ page }) => {
  const before = served.smtp.received.length;
  await page.goto(`${served.app.url}/contact`);
  await fill(page, {
    'Your name': 'Marta Novak',
    Email: 'marta@orbitdb.example',
    'Technology sector': 'databases',
    'Preferred time': 'Mornings CET',
    'About your company and what prompted this': 'We are an open-source database company preparing a Series A.',
  });
  await page.getByRole('button', { name: 'Send request' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText('Request sent');
  await expect(status).toContainText('within 24 hours');
  expect(served.smtp.received.length).toBe(before + 1);
  const mail = served.smtp.received.at(-1);
  expect(mail?.parsed.subject).toMatch(
    /^Consultation request from Marta Novak \(databases\) \[ref \d{6}-[0-9A-Z]{6}\]$/,
  );
  // The person is shown the reference the consultant's mail carries, as an agent is told it.
  const reference = mail?.parsed.headers.get('x-consultation-reference');
  expect(reference).toMatch(/^\d{6}-[0-9A-Z]{6}$/);
  await expect(status).toContainText(`Your reference is ${String(reference)}`);
  expect(mail?.parsed.text).toContain('Series A');
});

test('without JavaScript: the form still posts, sends one mail and shows the success state', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const before = served.smtp.received.length;
  await page.goto(`${served.app.url}/contact`);
  await fill(page, { 'Your name': 'Kofi Mensah', Email: 'kofi@gridline.example' });
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('status')).toContainText('Request sent');
  expect(served.smtp.received.length).toBe(before + 1);
  expect(served.smtp.received.at(-1)?.parsed.replyTo?.value[0]?.address).toBe('kofi@gridline.example');
  const reference = String(served.smtp.received.at(-1)?.parsed.headers.get('x-consultation-reference'));
  await expect(page.getByRole('status')).toContainText(`Your reference is ${reference}`);
  await context.close();
});

test('invalid input: inline messages per field, values kept, nothing sent', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const before = served.smtp.received.length;
  await page.goto(`${served.app.url}/contact`);
  // Spaces pass the browser's own `required` check; the server trims and refuses them.
  await fill(page, { 'Your name': '   ', Email: 'lee@example.com', 'Preferred time': 'Friday' });
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('alert')).toContainText('Please correct the highlighted fields');
  const name = page.getByLabel('Your name');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#field-client_name-error')).toHaveText('Your name is required.');
  await expect(page.getByLabel('Email')).toHaveValue('lee@example.com');
  await expect(page.getByLabel('Preferred time')).toHaveValue('Friday');
  expect(served.smtp.received.length).toBe(before);
  await context.close();
});

test('mail failure: an honest failure state, values kept, no claim of success', async ({ page }) => {
  const closed = await startSmtpServer();
  const env = closed.env();
  await closed.close();
  const broken = await startApp(env);
  try {
    await page.goto(`${broken.url}/contact`);
    await fill(page, { 'Your name': 'Ines Duarte', Email: 'ines@example.com' });
    await page.getByRole('button', { name: 'Send request' }).click();
    // Next adds an empty role=alert route announcer when JavaScript runs; pick the form's own.
    const alert = page.getByRole('alert').filter({ hasText: 'Your request was not sent' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText(content.bio.email);
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(page.getByLabel('Your name')).toHaveValue('Ines Duarte');
  } finally {
    await broken.stop();
  }
});
