import { expect, test } from '@playwright/test';
import { type RunningApp, startApp } from '../../integration/support/app';
import { expiredSignInToken, mailedSignInLink } from '../../integration/support/desk';
import { COUNTS_STORED_WITHIN_MS, freshDataDir } from '../../integration/support/insights';
import { type TestSmtpServer, startSmtpServer } from '../../integration/support/smtp';

/**
 * The consultant's desk in the browser, against its own instance of the built app that mails through a real
 * SMTP server on loopback (the shared test server has no mail server of its own).
 */
test.describe.configure({ mode: 'serial' });

let smtp: TestSmtpServer;
let app: RunningApp;
const dataDir = freshDataDir();

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApp(smtp.env({ DATA_DIR: dataDir }), 'project');
});
test.afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

async function askForLink(page: import('@playwright/test').Page): Promise<string> {
  const before = smtp.received.length;
  await page.goto(`${app.url}/desk`);
  await page.getByRole('button', { name: 'Mail me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('sign-in link is on its way');
  return mailedSignInLink(smtp, before);
}

test('sign in by the mailed link, see a fresh inquiry and a chart, mark it answered, sign out', async ({
  page,
  request,
}, testInfo) => {
  const scheduled = await request.post(`${app.url}/api/agent/tools/schedule-consultation`, {
    data: {
      client_name: 'Priya Raman',
      client_email: 'priya@ledgerline.example',
      preferred_time: 'Tuesday afternoon',
      project_context: 'Buyers cannot tell us from the incumbents.',
      technology_sector: 'fintech',
    },
  });
  const { reference } = (await scheduled.json()) as { reference: string };

  await page.goto(`${app.url}/desk`);
  await expect(page.getByText(reference)).toHaveCount(0);
  const link = await askForLink(page);
  // A mail scanner opens the link first, on a connection of its own; that uses nothing up.
  const scanned = await fetch(link);
  await scanned.arrayBuffer();
  expect(scanned.status).toBe(200);

  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your desk', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: new RegExp(reference) })).toBeVisible();
  const chart = page
    .getByRole('figure')
    .filter({ has: page.getByRole('img') })
    .first();
  // The tool call's count reaches the store with the next batch (docs/insights.md): the desk shows it after that.
  await expect(async () => {
    await page.reload();
    await expect(chart).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: COUNTS_STORED_WITHIN_MS });
  await expect(chart.getByRole('table')).toBeVisible();
  // Readable on a phone: nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('desk.png'), fullPage: true });

  await page.getByRole('button', { name: `Mark answered: ${reference}` }).click();
  await expect(page.getByRole('status')).toHaveText('Marked as answered.');
  await expect(page.getByRole('button', { name: `Mark answered: ${reference}` })).toHaveCount(0);
  await page.getByRole('button', { name: `Mark not answered: ${reference}` }).click();
  await expect(page.getByRole('status')).toHaveText('Marked as not answered: it waits for your reply again.');
  await expect(page.getByRole('button', { name: `Mark answered: ${reference}` })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Mail me a sign-in link' })).toBeVisible();
  await expect(page.getByText(reference)).toHaveCount(0);

  // The same link a second time.
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('status')).toContainText('cannot be used');
  await expect(page.getByRole('heading', { level: 1, name: 'Your desk', exact: true })).toHaveCount(0);
});

test('a tampered link and an expired one are refused', async ({ page }) => {
  const link = new URL(await askForLink(page));
  const token = link.searchParams.get('token') ?? '';
  link.searchParams.set('token', `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`);
  await page.goto(link.href);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('status')).toContainText('cannot be used');

  const expired = await expiredSignInToken(dataDir);
  await page.goto(`${app.url}/desk/sign-in?token=${expired}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('status')).toContainText('cannot be used');
});
