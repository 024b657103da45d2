import fs from 'node:fs';
import path from 'node:path';

/** The integration tests run the production build under `next start`; fail at once, clearly, without one. */
export default function setup(): void {
  const dist = process.env.NEXT_DIST_DIR || '.next';
  if (!fs.existsSync(path.join(process.cwd(), dist, 'BUILD_ID'))) {
    throw new Error(`No production build in ${dist}/: run \`npm run build\` first (npm test does it for you).`);
  }
}
