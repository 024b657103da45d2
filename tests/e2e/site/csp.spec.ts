import { type Page, expect, test } from '@playwright/test';
import { appWithMailForThisFile, content, isHydrated, mainNavigationLink, sitemapPaths } from '../support';

/**
 * Every page runs under its Content-Security-Policy (no 'unsafe-inline' for
 * scripts, only the hashes of its own inline scripts) with zero violations, Next's inline scripts run (the page
 * hydrates, client-side navigation works, the contact form sends with JavaScript), and an injected inline script
 * is blocked, which shows the policy is enforced at all.
 */
declare global {
  interface Window {
    __cspViolations?: string[];
    __injected?: boolean;
    __sameDocument?: string;
  }
}

/** Collects CSP violations from the document (securitypolicyviolation) and from the console. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  // Init scripts are injected by the browser's debugging protocol, which CSP does not govern.
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`,
      );
    });
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => window.__cspViolations ?? []))];
}

test('every page runs under its policy with zero violations, and hydrates', async ({ page, request }) => {
  const violations = await watchCsp(page);
  const paths = [...(await sitemapPaths(request)), '/no-such-page'];
  expect(paths.length).toBeGreaterThan(10);
  for (const path of paths) {
    const response = await page.goto(path, { waitUntil: 'load' });
    const policy = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    expect(policy, path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    await expect.poll(() => isHydrated(page), { message: `${path} hydrates`, timeout: 10_000 }).toBe(true);
  }
  expect(await violations()).toEqual([]);
});

test('client-side navigation works under the policy with zero violations', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/');
  await expect.poll(() => isHydrated(page)).toBe(true);
  await page.evaluate(() => {
    window.__sameDocument = 'yes';
  });
  const h1 = page.getByRole('heading', { level: 1 });
  for (const [label, heading] of [
    ['Engagements', content.site.pages.engagements.title],
    ['About', content.site.pages.about.title],
    ['Contact', content.site.pages.contact.title],
  ] as const) {
    await (await mainNavigationLink(page, label)).click();
    await expect(h1).toHaveText(heading);
  }
  // The same document throughout: Next's router navigated, so its scripts ran.
  expect(await page.evaluate(() => window.__sameDocument)).toBe('yes');
  expect(await violations()).toEqual([]);
});

test('an injected inline script is blocked and reported: the policy is enforced', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/about');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
  });
  await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.__injected)).toBeUndefined();
  expect((await violations()).join('\n')).toMatch(/script-src/);
});

test.describe('the contact form under the policy', () => {
  test.describe.configure({ mode: 'serial' });
  const served = appWithMailForThisFile();

  test('with JavaScript: sends one mail and shows the success state, with zero violations', async ({ page }) => {
    const violations = await watchCsp(page);
    const before = served.smtp.received.length;
    await page.goto(`${served.app.url}/contact`);
    await expect.poll(() => isHydrated(page)).toBe(true);
    await page.getByLabel('Your name').fill('Lena Fischer');
    await page.getByLabel('Email').fill('lena@tensorgrid.example');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('status')).toContainText('Request sent');
    expect(served.smtp.received.length).toBe(before + 1);
    expect(await violations()).toEqual([]);
  });
});
