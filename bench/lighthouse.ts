import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium';
import { RUN_NODE } from '../scripts/node-versions';
import { DIST_DIR, ROOT, buildApp, freePort, previousBuildUrl, startApp } from './app';
import { cliOptions, runMain } from './cli';

/**
 * `npm run lighthouse`: Lighthouse 13 (its CLI, default mobile settings with simulated throttling) in Debian's
 * Chromium against the production build under `next start` (the benchmark's build in .next-bench, made if missing
 * or with --build), on the homepage, the contact page and one engagement page. Lighthouse 13 needs Node 22 or
 * newer: it runs on the test run's Node, which scripts/with-node.sh installs on demand; the app on the one started.
 * Prints the five category scores per page, with the legacy JavaScript Lighthouse finds, and exits 1 when
 * performance is under 0.95 or another category under 1.
 *
 * Options: --build (build again even if .next-bench exists), --pages=/,/about (other paths), --pages=sitemap
 * (every page of the sitemap).
 */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo', 'agentic-browsing'] as const;
const FLOORS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 0.95,
  accessibility: 1,
  'best-practices': 1,
  seo: 1,
  'agentic-browsing': 1,
};
const LEGACY_JAVASCRIPT = 'legacy-javascript-insight';

/** The part of a Lighthouse audit read here: a table's rows with their estimated wasted bytes. */
interface LighthouseAudit {
  details?: { items?: { wastedBytes?: number }[] };
}

interface Scores {
  categories: Record<string, number>;
  /** Bytes Lighthouse says could be saved by not shipping legacy JavaScript. */
  legacyBytes: number;
}

const args = cliOptions();

/** The pages to audit: the homepage, the contact page and the first engagement page in the sitemap, unless given. */
async function pagesOf(url: string): Promise<string[]> {
  const given = args.get('pages');
  if (given && given !== 'sitemap') return given.split(',');
  const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  if (given === 'sitemap') return paths;
  return ['/', '/contact', paths.find((p) => p.startsWith('/engagements/')) ?? '/about'];
}

/** One Lighthouse run (the CLI, so Lighthouse launches and closes Chromium itself); resolves with the scores. */
function audit(url: string, reportPath: string): Promise<Scores> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'bash',
      [
        path.join(ROOT, 'scripts/with-node.sh'),
        RUN_NODE,
        'node',
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
      const report: {
        categories: Record<string, { score: number | null }>;
        audits: Record<string, LighthouseAudit | undefined>;
      } = JSON.parse(fs.readFileSync(reportPath, 'utf8'));
      resolve({
        categories: Object.fromEntries(
          CATEGORIES.map((category) => [category, report.categories[category]?.score ?? 0]),
        ),
        legacyBytes: legacyBytesOf(report.audits[LEGACY_JAVASCRIPT]),
      });
    });
  });
}

/** The wasted bytes Lighthouse estimates for the legacy JavaScript insight: the sum over its table's rows. */
function legacyBytesOf(audit: LighthouseAudit | undefined): number {
  return (audit?.details?.items ?? []).reduce((sum, item) => sum + (item.wastedBytes ?? 0), 0);
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
        const score = scores.categories[category] ?? 0;
        const ok = score >= FLOORS[category];
        if (!ok) failed += 1;
        return `${category} ${score.toFixed(2)}${ok ? '' : ` (under ${FLOORS[category]})`}`;
      });
      console.log(
        `${page.padEnd(36)} ${line.join('  ')}  legacy JavaScript ${(scores.legacyBytes / 1024).toFixed(1)} KiB`,
      );
    }
  } finally {
    await app.stop();
  }
  console.log(`reports: ${reports}`);
  console.log(
    failed === 0
      ? 'every score met (performance >= 0.95; accessibility, best practices, SEO, agentic browsing = 1)'
      : `${failed} score(s) under target`,
  );
  return failed === 0 ? 0 : 1;
}

runMain(main);
