import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium';
import { DIST_DIR, ROOT, buildApp, freePort, previousBuildUrl, startApp } from './app';
import { cliOptions, runMain } from './cli';

/**
 * `npm run lighthouse` (issue 6, point 7): Lighthouse 12 (its CLI, default mobile settings with simulated
 * throttling) in Debian's Chromium against the production build under `next start` (the benchmark's build in
 * .next-bench, made if missing or with --build), on the homepage and one content page. Prints the four category
 * scores per page and exits 1 when performance is under 0.95 or accessibility, best practices or SEO under 1.
 *
 * Options: --build (build again even if .next-bench exists), --pages=/,/about (other paths).
 */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const FLOORS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 0.95,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
};

const args = cliOptions();

/** The pages to audit: the homepage and the first engagement page in the sitemap (a page made from content). */
async function pagesOf(url: string): Promise<string[]> {
  const given = args.get('pages');
  if (given) return given.split(',');
  const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
  const content = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => new URL(match[1] ?? '').pathname)
    .find((p) => p.startsWith('/engagements/'));
  return ['/', content ?? '/about'];
}

/** One Lighthouse run (the CLI, so Lighthouse launches and closes Chromium itself); resolves with the scores. */
function audit(url: string, reportPath: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
        url,
        '--quiet',
        '--output=json',
        `--output-path=${reportPath}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        `--chrome-path=${CHROMIUM_PATH}`,
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} for ${url}`));
      const report: { categories: Record<string, { score: number | null }> } = JSON.parse(
        fs.readFileSync(reportPath, 'utf8'),
      );
      resolve(Object.fromEntries(CATEGORIES.map((category) => [category, report.categories[category]?.score ?? 0])));
    });
  });
}

async function main(): Promise<number> {
  const previous = args.has('build') ? undefined : previousBuildUrl();
  const siteUrl = previous ?? `http://127.0.0.1:${await freePort()}`;
  console.log(
    `lighthouse: Chromium ${CHROMIUM_PATH}; ${DIST_DIR} built with SITE_URL=${siteUrl}; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (!previous) {
    console.log('lighthouse: npm run build ...');
    buildApp(siteUrl);
  }
  const app = await startApp(siteUrl);
  const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  let failed = 0;
  try {
    for (const page of await pagesOf(app.url)) {
      const scores = await audit(
        `${app.url}${page}`,
        path.join(reports, `${page.replace(/\W+/g, '-') || 'home'}.json`),
      );
      const line = CATEGORIES.map((category) => {
        const ok = (scores[category] ?? 0) >= FLOORS[category];
        if (!ok) failed += 1;
        return `${category} ${(scores[category] ?? 0).toFixed(2)}${ok ? '' : ` (under ${FLOORS[category]})`}`;
      });
      console.log(`${page.padEnd(36)} ${line.join('  ')}`);
    }
  } finally {
    await app.stop();
  }
  console.log(`reports: ${reports}`);
  console.log(
    failed === 0
      ? 'every score met (performance >= 0.95; accessibility, best practices, SEO = 1)'
      : `${failed} score(s) under target`,
  );
  return failed === 0 ? 0 : 1;
}

runMain(main);
