import { type Locator, type Page, expect, test } from '@playwright/test';
import { PRIMARY_NAV } from '../../../lib/site/navigation';
import { content, isHydrated } from '../support';

/** The families lib/ui/fonts.ts declares: next/font names each after its constant there. */
const DISPLAY_FACE = 'newsreader';
const TEXT_FACE = 'instrumentSans';

const MAX_HEADER_HEIGHT = 72;

/** The first family of an element's computed font-family, unquoted. */
async function firstFamily(locator: Locator): Promise<string> {
  const family = await locator.evaluate((element) => getComputedStyle(element).fontFamily);
  return (family.split(',')[0] ?? '').trim().replace(/^["']|["']$/g, '');
}

test.describe('the site’s own typefaces', () => {
  test('both faces load from the page’s own origin, preloaded, and nothing is asked of another host', async ({
    page,
  }) => {
    const requests: Array<{ url: URL; type: string }> = [];
    page.on('request', (request) => requests.push({ url: new URL(request.url()), type: request.resourceType() }));
    await page.goto('/', { waitUntil: 'networkidle' });
    const origin = new URL(page.url()).origin;

    const faces = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].map((face) => ({
        family: face.family.replace(/^["']|["']$/g, ''),
        style: face.style,
        status: face.status,
      }));
    });
    for (const family of [DISPLAY_FACE, TEXT_FACE]) {
      const upright = faces.filter((face) => face.family === family && face.style === 'normal');
      expect(
        upright.map((face) => face.status),
        `${family} is loaded`,
      ).toEqual(['loaded']);
    }
    expect(await firstFamily(page.getByRole('heading', { level: 1 }))).toBe(DISPLAY_FACE);
    expect(await firstFamily(page.locator('body'))).toBe(TEXT_FACE);

    const preloads = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(preloads, 'the upright display face and the text face are preloaded').toHaveLength(2);
    for (const href of preloads) expect(new URL(href).origin).toBe(origin);

    const fonts = requests.filter((request) => request.type === 'font');
    expect(fonts.length, 'the faces were fetched').toBeGreaterThanOrEqual(2);
    for (const font of fonts) expect(font.url.origin, `${font.url}`).toBe(origin);
    const elsewhere = requests.filter(({ url }) => url.protocol.startsWith('http') && url.origin !== origin);
    expect(
      elsewhere.map(({ url }) => url.href),
      'requests to another host',
    ).toEqual([]);
  });

  test('nothing moves as the faces arrive: the layout shifts of the homepage add up to 0', async ({ page }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    const shifts = await page.evaluate(async () => {
      await document.fonts.ready;
      return new Promise<number[]>((resolve) => {
        const values: number[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
            values.push(entry.value);
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // Buffered entries arrive in the observer's first callback, queued as a task.
        setTimeout(() => {
          observer.disconnect();
          resolve(values);
        }, 500);
      });
    });
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
  });
});

/** The header's checks on a phone: one row, at most 72 px, a closed menu that opens from the keyboard. */
async function expectCompactHeaderThatOpens(page: Page) {
  await page.goto('/');
  const header = page.getByRole('banner');
  const nav = header.getByRole('navigation', { name: 'Main' });
  const menu = nav.locator('summary');
  const links = PRIMARY_NAV.map((item) => nav.getByRole('link', { name: item.label, exact: true }));

  const box = await header.boundingBox();
  expect(box?.height, 'header height').toBeLessThanOrEqual(MAX_HEADER_HEIGHT);
  await expect(menu).toHaveText('Menu');
  await expectOnOneRow([brandLink(page), menu]);
  for (const link of links) await expect(link, 'the menu is closed at first').toBeHidden();

  // Tab from the top of the page: the skip link, the brand, then the menu.
  for (let presses = 0; presses < 5; presses += 1) {
    if (await menu.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(menu).toBeFocused();
  await page.keyboard.press('Enter');
  for (const link of links) await expect(link).toBeInViewport();
  return { menu, links };
}

/** Fails unless every element shares one horizontal band with every other: they sit on one row. */
async function expectOnOneRow(elements: Locator[]) {
  const boxes = await Promise.all(elements.map((element) => element.boundingBox()));
  const tops = boxes.map((box) => box?.y ?? Number.NaN);
  const bottoms = boxes.map((box) => (box ? box.y + box.height : Number.NaN));
  expect(Math.max(...tops), 'every element starts above the end of every other').toBeLessThan(Math.min(...bottoms));
}

function brandLink(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: content.site.siteName });
}

// The phone project is the 390 × 844 screen (playwright.config.ts).
test.describe('the header on a phone (390 × 844)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone project measures the phone');

  test('is one row at most 72 px high; the menu opens from the keyboard, closes on Escape and behind a link', async ({
    page,
  }) => {
    const { menu, links } = await expectCompactHeaderThatOpens(page);
    // Escape and the closing behind a link are the script's part.
    await expect.poll(() => isHydrated(page)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu).toBeFocused();
    for (const link of links) await expect(link).toBeHidden();

    await page.keyboard.press('Enter');
    const last = PRIMARY_NAV.at(-1);
    await links.at(-1)?.click();
    await expect(page).toHaveURL(new RegExp(`${last?.href}$`));
    for (const link of links) await expect(link, 'the menu closed behind the link').toBeHidden();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('is the same row, and its menu opens from the keyboard and its links lead on', async ({ page }) => {
      const { links } = await expectCompactHeaderThatOpens(page);
      const last = PRIMARY_NAV.at(-1);
      await links.at(-1)?.click();
      await expect(page).toHaveURL(new RegExp(`${last?.href}$`));
    });
  });
});

test.describe('the header on a wide screen (1440 × 900)', () => {
  test.skip(({ isMobile }) => isMobile, 'the desktop project, widened, measures the wide screen');
  test.use({ viewport: { width: 1440, height: 900 } });

  test('shows every link in one row beside the brand, with no menu to open', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Main' });
    const links = PRIMARY_NAV.map((item) => nav.getByRole('link', { name: item.label, exact: true }));
    for (const link of links) await expect(link).toBeInViewport();
    await expect(nav.locator('summary')).toBeHidden();
    await expectOnOneRow([brandLink(page), ...links]);
  });
});
