import { type Page, type Request, expect, test } from '@playwright/test';
import { isHydrated } from '../support';
import { type RunningApp, startApp } from '../../integration/support/app';
import { editedBuild } from '../../integration/support/edited-build';
import { type TestSmtpServer, startSmtpServer } from '../../integration/support/smtp';

/**
 * A deploy while the contact page is open: the page of the run's build posts its form, with JavaScript, to a server
 * of the second build (the one made after a content edit, support/edited-build.ts), which lacks the form's action.
 * The visitor is told plainly that nothing was sent and how to send again (app/contact/error.tsx), not Next's error screen.
 */
test.describe.configure({ mode: 'serial' });

let smtp: TestSmtpServer;
let first: RunningApp;
let second: RunningApp;

test.beforeAll(async () => {
  // `npm test` makes the second build before vitest, whose teardown removes it: it is then built here, once for both
  // projects (edited-build.ts's lock), and left for the next run's set-up to remove.
  test.setTimeout(320_000);
  const { dist, contentDir } = await editedBuild();
  smtp = await startSmtpServer();
  // The second stands behind the load balancer of postToSecondBuild, whose X-Forwarded-Host it trusts.
  [first, second] = await Promise.all([
    startApp(smtp.env()),
    startApp(smtp.env({ CONTENT_DIR: contentDir, NEXT_DIST_DIR: dist, TRUST_PROXY: 'true' })),
  ]);
});
test.afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await smtp?.close();
});

const isFormPost = (request: Request) => request.method() === 'POST' && 'next-action' in request.headers();

/**
 * Sends the page's form posts to the second build's server, as a load balancer in front of both would after the
 * deploy: the site's address, which the page was loaded from and its Origin names, is the one it says was asked.
 */
async function postToSecondBuild(page: Page) {
  await page.route(`${first.url}/contact`, async (route) => {
    if (!isFormPost(route.request())) return route.continue();
    const headers = { ...route.request().headers(), 'x-forwarded-host': new URL(first.url).host };
    await route.continue({ url: `${second.url}/contact`, headers });
  });
}

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label).fill(value);
}

test('with JavaScript: a form posted to a newer build says nothing was sent and how to send again', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${first.url}/contact`);
  // A form posted before React has hydrated is posted as without JavaScript.
  await expect.poll(() => isHydrated(page)).toBe(true);
  await postToSecondBuild(page);
  const typed = {
    'Your name': 'Marta Novak',
    Email: 'marta@orbitdb.example',
    'Preferred time': 'Mornings CET',
    'About your company and what prompted this': 'We are preparing a Series A and want our docs reviewed.',
  };
  await fill(page, typed);
  const before = smtp.received.length;
  const answer = page.waitForResponse((response) => isFormPost(response.request()));
  await page.getByRole('button', { name: 'Send request' }).click();

  // The second build answered, and refused the action as one it does not have.
  const refused = await answer;
  expect(refused.url()).toBe(`${second.url}/contact`);
  expect(await refused.headerValue('x-nextjs-action-not-found')).toBe('1');

  // The contact page's error boundary, in place of Next's error screen: nothing sent, and how to send again.
  const notice = page.getByRole('alert').filter({ hasText: 'your request was not sent' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText(
    'The site was updated while this page was open, so your request was not sent. Reload the page and send your ' +
      'request again.',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your request was not sent');
  await expect(page.getByRole('link', { name: 'Reload the contact page' })).toHaveAttribute('href', '/contact');
  await expect(page.getByText('This page couldn’t load')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
  expect(smtp.received.length).toBe(before);
});
