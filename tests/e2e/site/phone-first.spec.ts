import { type Page, expect, test } from '@playwright/test';
import { sitemapPaths } from '../support';

/**
 * The homepage is written for a phone first: at 390×844 it is at most six screens, with and without JavaScript,
 * and the details row of a case study wraps between whole items into aligned columns; on a wide screen the
 * details sit in one row.
 */
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };
const MAX_HOME_SCREENS = 6;

async function pageHeight(page: Page): Promise<number> {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => document.documentElement.scrollHeight);
}

test.describe('a phone-first homepage', () => {
  test.skip(({ isMobile }) => !isMobile, 'measured at a phone’s size');

  test('is at most six screens tall on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/', { waitUntil: 'networkidle' });
    const height = await pageHeight(page);
    expect(height, `${height} px is ${(height / PHONE.height).toFixed(1)} screens`).toBeLessThanOrEqual(
      MAX_HOME_SCREENS * PHONE.height,
    );
  });

  test('is as short without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(await pageHeight(page)).toBeLessThanOrEqual(MAX_HOME_SCREENS * PHONE.height);
    await context.close();
  });
});

/** Each item of a case study's details row: its box, and whether its value wrapped inside. */
async function detailItems(page: Page) {
  return page.locator('.facts--inline > div').evaluateAll((items) =>
    items.map((item) => {
      const box = item.getBoundingClientRect();
      const term = item.querySelector('dt')?.textContent ?? '';
      return { term, left: Math.round(box.left), top: Math.round(box.top), right: box.right };
    }),
  );
}

test('a case study’s details wrap between whole items, in aligned columns, and sit in one row when wide', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the sizes are set here');
  const studies = (await sitemapPaths(request)).filter((path) => /^\/case-studies\/[^/]+$/.test(path));
  expect(studies.length, 'the sitemap lists case studies').toBeGreaterThan(0);
  for (const path of studies) {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    const row = await page.locator('.facts--inline').boundingBox();
    const items = await detailItems(page);
    expect(items.length, `${path} has details`).toBeGreaterThan(1);
    const columns = new Set(items.map((item) => item.left));
    const rows = new Set(items.map((item) => item.top));
    expect(rows.size, `${path} on a phone wraps onto more than one row`).toBeGreaterThan(1);
    expect(columns.size, `${path} on a phone: items start at ${[...columns].join(', ')}`).toBeLessThanOrEqual(
      Math.ceil(items.length / rows.size),
    );
    for (const item of items)
      expect(item.right, `${path}: ${item.term} stays inside the row`).toBeLessThanOrEqual(
        (row?.x ?? 0) + (row?.width ?? 0) + 1,
      );

    await page.setViewportSize(WIDE);
    await page.goto(path);
    const wide = await detailItems(page);
    expect(new Set(wide.map((item) => item.top)).size, `${path} at 1440 px: one row`).toBe(1);
  }
});

test('the contact page’s privacy note is short beside the form, and the whole of it opens without JavaScript', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the size is set here');
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/contact');
  const note = page.locator('.consultation__privacy');
  const short = note.locator(':scope > p');
  const lines = await short.evaluate((element) => {
    const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
    return Math.round(element.getBoundingClientRect().height / lineHeight);
  });
  expect(lines, 'lines of the short note on a phone').toBeLessThanOrEqual(5);
  const whole = note.locator('details > p');
  await expect(whole).toBeHidden();
  await note.getByText('What the site counts and keeps, and for how long').click();
  await expect(whole).toBeVisible();
  await context.close();
});
