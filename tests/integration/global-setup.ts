import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { distDirName } from '../../lib/config/dist-dir';
import { appServerNamed, startApp } from './support/app';
import { editedBuildIsCurrent, removeEditedBuild } from './support/edited-build';
import './support/shared-app';

/** Files `next build` rewrites when it builds into another dist dir (it adds that dir to tsconfig's include). */
const REWRITTEN_BY_BUILDS = ['tsconfig.json', 'next-env.d.ts'];

/**
 * Run once for each integration project (each serving path). The tests run the production build, so fail at
 * once, clearly, without one. The shared app of the project's serving path is started (support/shared-app.ts) and
 * stopped at the end.
 * One second build, after a content edit, is made once for the files that need it (support/edited-build.ts; `npm
 * test` makes it before the run) and removed at the end, with a leftover of another build at the start; the files
 * Next rewrites when it builds elsewhere are put back as they were when the run began, so a test run leaves the tree
 * unchanged.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dist = distDirName();
  if (!fs.existsSync(path.join(process.cwd(), dist, 'BUILD_ID'))) {
    throw new Error(`No production build in ${dist}/: run \`npm run build\` first (npm test does it for you).`);
  }
  if (!editedBuildIsCurrent()) removeEditedBuild();
  const kept = REWRITTEN_BY_BUILDS.map((file) => path.join(process.cwd(), file)).map((full) => ({
    full,
    text: fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : undefined,
  }));
  const shared = await startApp({}, appServerNamed(project.config.env?.APP_SERVER));
  project.provide('sharedAppUrl', shared.url);
  return async () => {
    await shared.stop();
    removeEditedBuild();
    for (const { full, text } of kept) {
      if (text !== undefined && fs.readFileSync(full, 'utf8') !== text) fs.writeFileSync(full, text);
    }
  };
}
