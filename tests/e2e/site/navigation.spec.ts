import { expect, type Page, test } from '@playwright/test';
import { content, mainNavigationLink } from '../support';

const { site } = content;

/** Each primary navigation label and the h1 its page shows (from content/site.json). */
const SECTIONS: Array<[label: string, heading: string]> = [
  ['Engagements', site.pages.engagements.title],
  ['Case studies', site.pages.caseStudies.title],
  ['About', site.pages.about.title],
  ['For agents', site.pages.agents.title],
  ['Contact', site.pages.contact.title],
];

async function clickThroughNavigation(page: Page) {
  await page.goto('/');
  const h1 = page.getByRole('heading', { level: 1 });
  for (const [label, heading] of SECTIONS) {
    const link = await mainNavigationLink(page, label);
    await expect(link, `${label} is visible`).toBeInViewport();
    await link.click();
    await expect(h1).toHaveText(heading);
  }
  await page
    .getByRole('banner')
    .getByRole('link', { name: new RegExp(site.siteName) })
    .click();
  await expect(h1).toHaveText(site.home.headline);
}

test('the primary navigation reaches every section', async ({ page }) => {
  await clickThroughNavigation(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the primary navigation still reaches every section', async ({ page }) => {
    await clickThroughNavigation(page);
  });
});

test('every engagement and case study is reachable from its index page', async ({ page }) => {
  for (const engagement of content.engagements) {
    await page.goto('/engagements');
    await page.getByRole('main').getByRole('link', { name: engagement.title, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/engagements/${engagement.key}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(engagement.title);
  }
  for (const study of content.caseStudies) {
    await page.goto('/case-studies');
    await page.getByRole('main').getByRole('link', { name: study.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/case-studies/${study.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(study.title);
  }
});

test('the skip link is the first Tab stop and moves focus to main', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
});

test('keyboard focus is visible on links', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('href', '/');
  const outline = await focused.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe('none');
});
