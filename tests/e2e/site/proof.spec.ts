import { type Page, expect, test } from '@playwright/test';
import { content } from '../support';

/**
 * Proof on the homepage, at a phone's size and a desktop's, with and without JavaScript: two or three client quotes,
 * each signed with a name and a role and linked to its case study, and a line of the clients the site may name.
 */
const quoted = content.caseStudies.filter((study) => study.quote !== undefined);
const named = content.caseStudies.filter((study) => !study.anonymised).map((study) => study.client);

async function expectProof(page: Page): Promise<void> {
  await page.goto('/');
  const proof = page.getByRole('main').getByRole('region', { name: 'Clients', exact: true });

  const items = proof.getByRole('listitem').filter({ has: page.locator('figure') });
  expect(quoted.length, 'the content has two or more quotes to show').toBeGreaterThanOrEqual(2);
  await expect(items).toHaveCount(Math.min(3, quoted.length));
  for (const item of await items.all()) {
    const href = (await item.getByRole('link').getAttribute('href')) ?? '';
    const study = quoted.find((candidate) => href === `/case-studies/${candidate.slug}`);
    expect(study, `${href} is the page of a case study with a quote`).toBeDefined();
    await expect(item.getByRole('link')).toHaveText(`${study?.title} →`);
    await expect(item.locator('figure blockquote')).toHaveText(study?.quote?.text ?? '');
    await expect(item.locator('figure figcaption')).toHaveText(`${study?.quote?.name}, ${study?.quote?.role}`);
  }

  const clients = proof.getByRole('list', { name: 'Client names' });
  await expect(clients).toBeVisible();
  const shown = await clients.getByRole('listitem').allTextContents();
  expect(shown).toEqual(expect.arrayContaining(named));
  expect(shown).toEqual(expect.arrayContaining(content.site.home.otherClients ?? []));
  for (const study of content.caseStudies.filter((s) => s.anonymised)) expect(shown).not.toContain(study.client);
  await expect(clients.locator('a, img, svg, picture')).toHaveCount(0);
}

test.describe('proof on the homepage', () => {
  test('shows two or three signed quotes linked to their case studies, and the named clients as text', async ({
    page,
  }) => {
    await expectProof(page);
  });

  test('keeps the quotes in one short row: side by side on a desktop, one and the next edge on a phone', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const proof = page.getByRole('region', { name: 'Clients', exact: true });
    const row = proof.getByRole('list').first();
    const { scrolls, height, widest, width } = await row.evaluate((list) => ({
      scrolls: list.scrollWidth > list.clientWidth,
      height: list.closest('section')?.getBoundingClientRect().height ?? Infinity,
      widest: Math.max(...[...list.children].map((item) => item.getBoundingClientRect().width)),
      width: list.clientWidth,
    }));
    expect(widest, 'a quote is never wider than its row').toBeLessThanOrEqual(width);
    if (testInfo.project.name === 'phone') {
      expect(scrolls, 'on a phone the quotes scroll sideways inside their row').toBe(true);
      expect(height, 'the section stays short on a phone').toBeLessThanOrEqual(700);
      // The last quote's link can be reached and brought into view.
      const last = row.getByRole('listitem').last().getByRole('link');
      await last.focus();
      await expect(last).toBeInViewport();
    } else {
      expect(scrolls, 'on a desktop the quotes sit side by side').toBe(false);
    }
  });
});

test.describe('proof on the homepage without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('is the same', async ({ page }) => {
    await expectProof(page);
  });
});
