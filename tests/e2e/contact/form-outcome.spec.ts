import { type Browser, type Locator, type Page, type TestInfo, expect, test } from '@playwright/test';
import { appWithMailForThisFile, content, isHydrated } from '../support';
import { startApp } from '../../integration/support/app';
import { startSmtpServer } from '../../integration/support/smtp';

/**
 * After a send or a refusal, the consultation form's outcome is the first thing on screen and the page's title names
 * it: without JavaScript the answer is a page loaded anew at its top, where a result shown by the form itself was
 * far below the fold. With JavaScript, focus moves to it and nothing on screen shifts. Each project runs at its own
 * size: a phone, and a wide desktop.
 */
test.describe.configure({ mode: 'serial' });

const SIZES: Record<string, { width: number; height: number }> = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
};
const pageTitle = `${content.site.pages.contact.title} · ${content.site.siteName}`;

const served = appWithMailForThisFile();

/** A tab at this project's size, with or without JavaScript. */
async function openContact(browser: Browser, testInfo: TestInfo, url: string, javaScriptEnabled: boolean) {
  const { isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
  const viewport = SIZES[testInfo.project.name];
  if (!viewport) throw new Error(`no size for the project ${testInfo.project.name}`);
  const context = await browser.newContext({ viewport, isMobile, hasTouch, deviceScaleFactor, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(`${url}/contact`);
  // A form posted before React has hydrated is posted as without JavaScript.
  if (javaScriptEnabled) await expect.poll(() => isHydrated(page)).toBe(true);
  return page;
}

/**
 * Adds up the page's layout shifts from now on, those just after an input included: each moves what a visitor reads.
 * The returned function reads the sum once two more frames have been painted.
 */
async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const shifts = { total: 0 };
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.total += (entry as PerformanceEntry & { value: number }).value;
    }).observe({ type: 'layout-shift' });
  });
  return () =>
    page.evaluate(async () => {
      for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
      return (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total;
    });
}

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label).fill(value);
}

/** The outcome's box lies wholly within the viewport, as the page is shown (nothing scrolls it there first). */
async function boxOnScreen(page: Page, outcome: Locator): Promise<string> {
  const box = await outcome.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  if (!box) return 'no box';
  return box.y >= 0 && box.y + box.height <= height ? 'on screen' : `from ${box.y} to ${box.y + box.height} px`;
}

/** The page right after the answer: the outcome on screen, its name in the title. */
async function expectOutcomeFirst(page: Page, outcome: Locator, javaScriptEnabled: boolean, heading: string) {
  await expect(outcome).toBeVisible({ timeout: 20_000 });
  if (javaScriptEnabled) {
    // Focus moves to the outcome, and the page to it.
    await expect(outcome).toBeFocused();
    await expect.poll(() => boxOnScreen(page, outcome)).toBe('on screen');
  } else {
    expect(await boxOnScreen(page, outcome)).toBe('on screen');
  }
  expect(await page.title()).toBe(`${heading} · ${pageTitle}`);
  await expect(outcome.getByRole('heading')).toHaveText(heading);
}

for (const javaScriptEnabled of [false, true]) {
  const script = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';

  test(`${script}: a sent request opens on "Request sent" and says so in the title`, async ({ browser }, testInfo) => {
    const page = await openContact(browser, testInfo, served.app.url, javaScriptEnabled);
    const before = served.smtp.received.length;
    await fill(page, { 'Your name': 'Amara Okafor', Email: 'amara@fieldnote.example' });
    const layoutShift = javaScriptEnabled ? await watchLayoutShifts(page) : undefined;
    await page.getByRole('button', { name: 'Send request' }).click();
    const outcome = page.getByRole('status');
    await expectOutcomeFirst(page, outcome, javaScriptEnabled, 'Request sent');
    expect(served.smtp.received.length).toBe(before + 1);
    const reference = String(served.smtp.received.at(-1)?.parsed.headers.get('x-consultation-reference'));
    await expect(outcome).toContainText(`Your reference is ${reference}`);
    // The form is not offered again below, so the request is not sent twice by mistake.
    await expect(page.getByRole('button', { name: 'Send request' })).toHaveCount(0);
    if (layoutShift) expect(await layoutShift()).toBeLessThan(0.01);
    await page.context().close();
  });

  test(`${script}: a refused request opens on the problems, values kept`, async ({ browser }, testInfo) => {
    const page = await openContact(browser, testInfo, served.app.url, javaScriptEnabled);
    const before = served.smtp.received.length;
    // The browser takes an address without a dot in its domain; the server does not.
    await fill(page, { 'Your name': 'Amara Okafor', Email: 'amara@fieldnote', 'Preferred time': 'Tuesdays' });
    const layoutShift = javaScriptEnabled ? await watchLayoutShifts(page) : undefined;
    await page.getByRole('button', { name: 'Send request' }).click();
    // Next adds an empty role=alert route announcer when JavaScript runs; pick the form's own.
    const outcome = page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields' });
    await expectOutcomeFirst(page, outcome, javaScriptEnabled, 'Please check the form');
    const problem = outcome.getByRole('link', { name: /^Email must be an email address/ });
    await expect(problem).toHaveAttribute('href', '#field-client_email');
    await expect(page.getByLabel('Email')).toHaveValue('amara@fieldnote');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Preferred time')).toHaveValue('Tuesdays');
    expect(served.smtp.received.length).toBe(before);
    if (layoutShift) expect(await layoutShift()).toBeLessThan(0.01);
    await page.context().close();
  });
}

test('without JavaScript: a request the mail server did not take opens on that, values kept', async ({
  browser,
}, testInfo) => {
  const closed = await startSmtpServer();
  const env = closed.env();
  await closed.close();
  const broken = await startApp(env);
  try {
    const page = await openContact(browser, testInfo, broken.url, false);
    await fill(page, { 'Your name': 'Amara Okafor', Email: 'amara@fieldnote.example' });
    await page.getByRole('button', { name: 'Send request' }).click();
    const outcome = page.getByRole('alert');
    await expectOutcomeFirst(page, outcome, false, 'Your request was not sent');
    await expect(outcome).toContainText(content.bio.email);
    await expect(page.getByLabel('Your name')).toHaveValue('Amara Okafor');
    await page.context().close();
  } finally {
    await broken.stop();
  }
});
