import { type Page, expect, test } from '@playwright/test';
import { content, sitemapPaths, watchForProblems } from '../support';

/** The pages the content implies; the sitemap must list exactly these. */
function expectedPaths(): string[] {
  return [
    '/',
    '/engagements',
    ...content.engagements.map((engagement) => `/engagements/${engagement.key}`),
    '/case-studies',
    ...content.caseStudies.map((study) => `/case-studies/${study.slug}`),
    '/about',
    '/contact',
    '/agents',
  ];
}

test('the sitemap lists every page, dated by content rather than by the build', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  expect((await sitemapPaths(request)).sort()).toEqual(expectedPaths().sort());
  const contentDates = new Set(
    [content.site, content.bio, ...content.engagements, ...content.caseStudies].map((item) => item.updated),
  );
  const lastmods = [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((match) => (match[1] ?? '').slice(0, 10));
  expect(lastmods).toHaveLength(expectedPaths().length);
  for (const lastmod of lastmods) expect(contentDates).toContain(lastmod);
  for (const loc of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) expect(loc[1]).toMatch(/^https?:\/\/[^/]+/);
});

test('robots.txt allows everything and points to the absolute sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/User-Agent: \*/i);
  expect(text).toMatch(/^Allow: \/$/m);
  expect(text).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
});

/**
 * One tab per worker that goes from page to page as a visitor does, with the browser's cache: a fresh browser
 * context per page would cost more than the page's own checks. A worker whose test fails is replaced, tab and all.
 */
const visitorTest = test.extend<object, { visitor: Page }>({
  visitor: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport, deviceScaleFactor, isMobile, hasTouch } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor, isMobile, hasTouch });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
});

// A test per page (the sitemap lists exactly these, above), so the pages spread over the workers.
test.describe('every page in the sitemap renders cleanly, passes basic accessibility checks, and is screenshotted', () => {
  for (const path of expectedPaths()) {
    visitorTest(path, async ({ visitor: page }, testInfo) => {
      const { site, bio } = content;
      const watcher = watchForProblems(page);
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expect(response?.status(), `${path} status`).toBe(200);

      await expect(page.locator('html')).toHaveAttribute('lang', site.locale);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('main')).toHaveCount(1);
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toHaveCount(1);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(bio.name);
      await expect(page.locator('img:not([alt])')).toHaveCount(0);

      const controls = page.locator(
        'input:not([type="hidden"]):not([type="submit"]):not([type="button"]):not([type="reset"]), select, textarea',
      );
      for (const control of await controls.all()) await expect(control).toHaveAccessibleName(/\S/);
      for (const section of await page.locator('section').all()) await expect(section).toHaveAccessibleName(/\S/);

      const outline = await page.evaluate(() => {
        const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
        const skips = levels.filter((level, i) => i > 0 && level > (levels[i - 1] ?? 1) + 1);
        const unnamedLinks = [...document.querySelectorAll('a')].filter(
          (a) => !(a.textContent ?? '').trim() && !a.getAttribute('aria-label'),
        ).length;
        return { skips, unnamedLinks, overflow: document.documentElement.scrollWidth - window.innerWidth };
      });
      expect(outline.skips, 'heading levels never skip downwards').toEqual([]);
      expect(outline.unnamedLinks, 'every link has a name').toBe(0);
      expect(outline.overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);

      // Paths, resolved against the page's own address: one build serves any origin (docs/serving.md, "One origin").
      const here = (selector: string, attribute: string) =>
        page.evaluate(
          ([css, name]) => document.querySelector(css ?? '')?.getAttribute(name ?? '') ?? '',
          [selector, attribute],
        );
      // Absolute on the origin served, as link unfurlers and search engines read them.
      expect(await here('link[rel="canonical"]', 'href')).toBe(page.url());
      await expect(page).toHaveTitle(new RegExp(site.siteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
      expect(await here('meta[property="og:url"]', 'content')).toBe(page.url());
      const image = `${new URL(page.url()).origin}/social-image.png`;
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', image);
      await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', image);
      // Structured data that agents read without parsing the DOM: one typed JSON-LD block per page.
      const structured = page.locator('script[type="application/ld+json"]');
      await expect(structured).toHaveCount(1);
      const data = JSON.parse((await structured.textContent()) ?? '');
      expect(data['@context']).toBe('https://schema.org');
      expect(data['@type'] ?? data['@graph']?.[0]?.['@type'], `${path} JSON-LD type`).toMatch(/^[A-Z]\w+$/);

      if (testInfo.project.name === 'phone') {
        const viewport = page.viewportSize();
        await page.setViewportSize({ width: 360, height: 780 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'no sideways scrolling at 360px').toBeLessThanOrEqual(0);
        if (viewport) await page.setViewportSize(viewport);
      }
      expect(watcher.stop(), `problems while loading ${path}`).toEqual([]);

      // A full-page screenshot of each page for review, attached to the report.
      const name = `${path === '/' ? 'home' : path.slice(1).replace(/\//g, '--')}-${testInfo.project.name}`;
      await testInfo.attach(name, {
        body: await page.screenshot({ fullPage: true, scale: 'css' }),
        contentType: 'image/png',
      });
    });
  }
});

test('the Open Graph image and the favicon are served', async ({ page, request }) => {
  await page.goto('/');
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
  // A path, resolved against the page's address (docs/serving.md, "One origin").
  const og = await request.get(new URL(ogImage ?? '', page.url()).href);
  expect(og.status()).toBe(200);
  expect(og.headers()['content-type']).toBe('image/png');
  expect((await og.body()).subarray(1, 4).toString()).toBe('PNG');

  const icon = await page.locator('link[rel="icon"]').first().getAttribute('href');
  const iconResponse = await request.get(icon ?? '');
  expect(iconResponse.status()).toBe(200);
  expect(iconResponse.headers()['content-type']).toContain('image/svg+xml');
});

test('an unknown engagement or case study is a 404 page, not a new render', async ({ request }) => {
  for (const path of ['/engagements/not-an-engagement', '/case-studies/not-a-case-study']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text()).toContain('Page not found');
  }
});
