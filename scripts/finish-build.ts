/**
 * Runs after `next build` (npm run build): what the build needs that Next does not make. Each prerendered page
 * gets its Content-Security-Policy and its Vary (lib/security/page-headers.ts). NEXT_DIST_DIR picks another build
 * folder.
 */
import path from 'node:path';
import { PAGE_HEADERS_MANIFEST, applyPageHeaders } from '../lib/security/page-headers';
import { distDir } from '../lib/config/dist-dir';

const dist = distDir();
const shown = path.relative(process.cwd(), dist);
const manifest = applyPageHeaders(dist);
const pages = Object.values(manifest.pages);
const scripts = pages.reduce((sum, page) => sum + page.inlineScripts, 0);
console.log(
  `Page headers: ${pages.length} prerendered pages, ${scripts} inline scripts hashed (${shown}/${PAGE_HEADERS_MANIFEST})`,
);
