import { expect, test } from '@playwright/test';
import { content } from '../support';

test('the contact page lists the consultant’s details and a labelled consultation slot', async ({ page }) => {
  const { site, bio } = content;
  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: bio.email }).first()).toHaveAttribute('href', `mailto:${bio.email}`);
  await expect(main.getByRole('link', { name: bio.phone })).toHaveAttribute(
    'href',
    `tel:${bio.phone.replace(/\s+/g, '')}`,
  );
  await expect(main.getByText(bio.location.city).first()).toBeVisible();
  await expect(main.locator(`a[href="${bio.website}"]`)).toBeVisible();
  for (const link of bio.social)
    await expect(main.getByRole('link', { name: link.label })).toHaveAttribute('href', link.url);

  const consultation = page.getByRole('region', { name: 'Request a consultation' });
  await expect(consultation).toHaveAttribute('id', 'consultation');
  await expect(consultation).toContainText(bio.name);
  await expect(consultation).toContainText(site.pages.contact.responseTime);
  await expect(consultation.getByRole('link', { name: bio.email })).toHaveAttribute('href', `mailto:${bio.email}`);
});

test('the agents page documents every entry point with absolute, copyable curl commands', async ({ page }) => {
  await page.goto('/agents');
  // The page names the origin it is served at in its commands.
  const base = new URL(page.url()).origin;
  await expect(page.locator('pre code').first()).toContainText(base);
  const commands = (await page.locator('pre code').allTextContents()).join('\n');
  expect(commands).toContain(`curl -s ${base}/api/agent\n`);
  for (const path of [
    '/api/agent/resources/engagements',
    '/api/agent/tools/evaluate-client-needs',
    '/api/agent/tools/schedule-consultation',
    '/api/mcp',
    '/mcp.json',
    '/llms.txt',
  ]) {
    expect(commands).toContain(`${base}${path}`);
  }
  expect(commands).toContain('"technology_sector"');
  expect(commands).toContain('"client_email"');
  expect(commands).toContain('2025-03-26');

  const main = page.getByRole('main');
  for (const name of ['bio', 'case-studies', 'engagements', 'contact-card']) {
    await expect(main.getByText(`/api/agent/resources/${name}`, { exact: true })).toBeVisible();
  }
  await expect(main).toContainText('not a booking');
  await expect(main).toContainText('Streamable HTTP');
});
