import { type ConsoleMessage, type Locator, type Page, type Request, type Response, test } from '@playwright/test';
import type { RunningApp } from '../integration/support/app';
import { appWithMailHeldBy } from '../integration/support/app-with-mail';
import { type TestSmtpServer, startSmtpServer } from '../integration/support/smtp';
import { loadContent } from '../../lib/content';

/** The content the build was made from, read through the same loaders as the pages. */
export const content = loadContent();

/** Paths of every page listed in the site's /sitemap.xml, mapped onto the test server's origin. */
export async function sitemapPaths(request: { get(url: string): Promise<{ ok(): boolean; text(): Promise<string> }> }) {
  const response = await request.get('/sitemap.xml');
  if (!response.ok()) throw new Error('GET /sitemap.xml failed');
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL(match[1] ?? '');
    return `${url.pathname}${url.search}`;
  });
}

/**
 * Records what went wrong while a page loaded: console errors, failed requests and responses with a status of
 * 400 or more. Call `stop()` to detach and read the list.
 */
export function watchForProblems(page: Page) {
  const problems: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  };
  const onPageError = (error: Error) => problems.push(`page error: ${error.message}`);
  const onRequestFailed = (request: Request) =>
    problems.push(
      `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`,
    );
  const onResponse = (response: Response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('requestfailed', onRequestFailed);
  page.on('response', onResponse);
  return {
    stop(): string[] {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      page.off('requestfailed', onRequestFailed);
      page.off('response', onResponse);
      return problems;
    },
  };
}

/**
 * A link of the site's main navigation, ready to click: a phone folds the links into a menu
 * (lib/ui/site-menu.tsx), closed on every page, which this opens first.
 */
export async function mainNavigationLink(page: Page, label: string): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.locator('details');
  if ((await menu.isVisible()) && !(await menu.evaluate((details) => (details as HTMLDetailsElement).open))) {
    await menu.locator('summary').click();
  }
  return nav.getByRole('link', { name: label, exact: true });
}

/** True once React has hydrated the page: it marks the DOM nodes it owns. */
export async function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const node = document.querySelector('header');
    return (
      node !== null && Object.keys(node).some((key) => key.startsWith('__reactFiber') || key.startsWith('__reactProps'))
    );
  });
}

/**
 * The built app sending to a loopback SMTP server of its own, started before the tests of the file (or describe
 * block) that calls this and stopped after them, so its mails can be counted exactly. Read it inside a test.
 */
export function appWithMailForThisFile(): { readonly app: RunningApp; readonly smtp: TestSmtpServer } {
  return appWithMailHeldBy({ beforeAll: test.beforeAll, afterAll: test.afterAll }, startSmtpServer);
}
