import fs from 'node:fs';
import path from 'node:path';
import { distDirName } from '../../lib/config/dist-dir';

/** Files `next build` rewrites when it builds into another dist dir (it adds that dir to tsconfig's include). */
const REWRITTEN_BY_BUILDS = ['tsconfig.json', 'next-env.d.ts'];

/**
 * The integration tests run the production build (under the project's server and under bare `next start`); fail
 * at once, clearly, without one.
 * Several tests build into their own dist dir; the files Next rewrites then are put back as they were when the
 * run began, so a test run leaves the tree unchanged.
 */
export default function setup(): () => void {
  const dist = distDirName();
  if (!fs.existsSync(path.join(process.cwd(), dist, 'BUILD_ID'))) {
    throw new Error(`No production build in ${dist}/: run \`npm run build\` first (npm test does it for you).`);
  }
  const kept = REWRITTEN_BY_BUILDS.map((file) => path.join(process.cwd(), file)).map((full) => ({
    full,
    text: fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : undefined,
  }));
  return () => {
    for (const { full, text } of kept) {
      if (text !== undefined && fs.readFileSync(full, 'utf8') !== text) fs.writeFileSync(full, text);
    }
  };
}
