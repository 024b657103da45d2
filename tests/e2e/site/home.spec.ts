import { expect, test } from '@playwright/test';
import { content } from '../support';

test.describe('homepage', () => {
  test('shows the positioning, the consultant, the four engagements and featured results from content', async ({
    page,
  }) => {
    const { site, bio, engagements, caseStudies } = content;
    await page.goto('/');
    const main = page.getByRole('main');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.home.headline);
    await expect(main.getByText(site.home.lede)).toBeVisible();
    await expect(main.getByText(bio.name, { exact: true }).first()).toBeVisible();

    expect(engagements).toHaveLength(4);
    const engagementSection = main.getByRole('region', { name: site.pages.engagements.title, exact: true });
    for (const engagement of engagements) {
      const link = engagementSection.getByRole('link', { name: engagement.title, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', `/engagements/${engagement.key}`);
    }

    const featured = caseStudies.filter((study) => study.featured);
    expect(featured.length, 'content has at least one featured case study').toBeGreaterThan(0);
    for (const study of featured) {
      await expect(main.getByRole('heading', { name: study.title, exact: true })).toBeVisible();
      await expect(main.getByText(study.results[0] ?? '', { exact: true })).toBeVisible();
    }
    for (const study of caseStudies.filter((s) => !s.featured)) {
      await expect(main.getByRole('heading', { name: study.title, exact: true })).toHaveCount(0);
    }

    // The opening card names her and leads to the about page, which tells the rest.
    const card = main.getByRole('complementary', { name: bio.name, exact: true });
    await expect(card.getByText(bio.name, { exact: true })).toBeVisible();
    await expect(card.getByText(bio.summary)).toBeVisible();
    await expect(card.getByRole('link', { name: `More about ${bio.givenName}` })).toHaveAttribute('href', '/about');

    const cta = main.getByRole('link', { name: site.home.cta.label, exact: true });
    await expect(cta.first()).toBeVisible();
    for (const link of await cta.all()) await expect(link).toHaveAttribute('href', '/contact');
  });

  test('carries JSON-LD for the ProfessionalService and the Person, built from content', async ({ page }) => {
    const { site, bio } = content;
    await page.goto('/');
    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const raw = (await scripts.first().textContent()) ?? '';
    expect(raw, '< is escaped so the script element cannot be closed early').not.toContain('<');
    const data = JSON.parse(raw) as { '@context': string; '@graph': Array<Record<string, unknown>> };
    expect(data['@context']).toBe('https://schema.org');
    const service = data['@graph'].find((node) => node['@type'] === 'ProfessionalService');
    const person = data['@graph'].find((node) => node['@type'] === 'Person');
    expect(service).toMatchObject({ name: site.siteName, email: bio.email, telephone: bio.phone });
    expect(person).toMatchObject({ name: bio.name, jobTitle: bio.role, email: bio.email });
    expect(person?.sameAs).toEqual(expect.arrayContaining(bio.social.map((link) => link.url)));
  });
});
