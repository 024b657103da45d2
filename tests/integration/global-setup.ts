import fs from 'node:fs';
import path from 'node:path';
import { distDirName } from '../../lib/config/dist-dir';
import { removeEditedBuild } from './support/edited-build';

/** Files `next build` rewrites when it builds into another dist dir (it adds that dir to tsconfig's include). */
const REWRITTEN_BY_BUILDS = ['tsconfig.json', 'next-env.d.ts'];

/**
 * The integration tests run the production build (under the project's server and under bare `next start`); fail
 * at once, clearly, without one.
 * One second build, after a content edit, is made once for the files that need it (support/edited-build.ts) and
 * removed at the end, with a leftover of an interrupted run at the start; the files Next rewrites when it builds
 * elsewhere are put back as they were when the run began, so a test run leaves the tree unchanged.
 */
export default function setup(): () => void {
  const dist = distDirName();
  if (!fs.existsSync(path.join(process.cwd(), dist, 'BUILD_ID'))) {
    throw new Error(`No production build in ${dist}/: run \`npm run build\` first (npm test does it for you).`);
  }
  removeEditedBuild();
  const kept = REWRITTEN_BY_BUILDS.map((file) => path.join(process.cwd(), file)).map((full) => ({
    full,
    text: fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : undefined,
  }));
  return () => {
    removeEditedBuild();
    for (const { full, text } of kept) {
      if (text !== undefined && fs.readFileSync(full, 'utf8') !== text) fs.writeFileSync(full, text);
    }
  };
}
