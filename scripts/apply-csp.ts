/**
 * Runs after `next build` (npm run build): gives every prerendered page its Content-Security-Policy with the
 * sha256 of each of its inline scripts, in the page's .meta headers (lib/security/build-csp.ts). NEXT_DIST_DIR
 * picks another build folder.
 */
import path from 'node:path';
import { distDir } from '../lib/config/dist-dir';
import { applyCspToBuild } from '../lib/security/build-csp';

const manifest = applyCspToBuild(distDir());
const pages = Object.entries(manifest.pages);
const scripts = pages.reduce((sum, [, page]) => sum + page.inlineScripts, 0);
console.log(
  `Content-Security-Policy: ${pages.length} prerendered pages, ${scripts} inline scripts hashed (${path.relative(process.cwd(), distDir())}/csp-manifest.json)`,
);
