import { test } from '@playwright/test';
import { sitemapPaths } from './support';

test('full-page screenshot of the homepage', async ({ page }, testInfo) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  const path = testInfo.outputPath(`home-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`home-${testInfo.project.name}`, { path, contentType: 'image/png' });
});

test('full-page screenshots of every other page', async ({ page, request }, testInfo) => {
  for (const pathname of (await sitemapPaths(request)).filter((p) => p !== '/')) {
    await page.goto(pathname, { waitUntil: 'networkidle' });
    const name = `${pathname.slice(1).replace(/\//g, '--')}-${testInfo.project.name}`;
    const path = testInfo.outputPath(`${name}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(name, { path, contentType: 'image/png' });
  }
});
