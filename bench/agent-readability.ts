import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { DIST_DIR, ROOT, buildApp, freePort, previousBuildUrl, startApp } from './app';
import { cliOptions, runMain } from './cli';

/**
 * `npm run agent-readability`: Vercel's agent-readability audit (the CLI of @vercel/agent-readability) against the
 * production build under the project's server, started with SITE_URL set to the origin it reaches (any build serves
 * the origin it is started with): the benchmark's build in .next-bench (made if missing or with --build). Prints
 * the audit's report and exits as the audit does.
 *
 * Options: --build (build again even if .next-bench exists), --min-score=n (exit 1 under it; default 0).
 */
const args = cliOptions();
const AUDIT_CLI = path.join(ROOT, 'node_modules/@vercel/agent-readability/dist/cli/index.cjs');

async function main(): Promise<number> {
  const previous = args.has('build') ? undefined : previousBuildUrl();
  const siteUrl = previous ?? `http://127.0.0.1:${await freePort()}`;
  console.log(`agent-readability: ${DIST_DIR} built with SITE_URL=${siteUrl}`);
  if (!previous) {
    console.log('agent-readability: npm run build ...');
    buildApp(siteUrl);
  }
  const app = await startApp(siteUrl);
  try {
    const audit = spawnSync(
      process.execPath,
      [AUDIT_CLI, 'audit', app.url, '--min-score', args.get('min-score') ?? '0'],
      { stdio: 'inherit', timeout: 120_000 },
    );
    return audit.status ?? 1;
  } finally {
    await app.stop();
  }
}

runMain(main);
