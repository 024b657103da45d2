/**
 * Runs after `next build` (npm run build): what the build needs that Next does not make. Each prerendered page
 * gets its Content-Security-Policy and its Vary (lib/build/page-headers.ts), and with SITE_URL set the
 * static reads are written as files for the project's server (lib/static-reads). NEXT_DIST_DIR picks another
 * build folder.
 */
import path from 'node:path';
import { PAGE_HEADERS_MANIFEST, applyPageHeaders } from '../lib/build/page-headers';
import { getConfig } from '../lib/config/env';
import { distDir } from '../lib/config/dist-dir';
import { writeStaticReads } from '../lib/static-reads/bodies';

const dist = distDir();
const shown = path.relative(process.cwd(), dist);
const manifest = applyPageHeaders(dist);
const pages = Object.values(manifest.pages);
const scripts = pages.reduce((sum, page) => sum + page.inlineScripts, 0);
console.log(
  `Page headers: ${pages.length} prerendered pages, ${scripts} inline scripts hashed (${shown}/${PAGE_HEADERS_MANIFEST})`,
);
const siteUrl = getConfig().SITE_URL;
const written = writeStaticReads(dist, siteUrl);
console.log(
  siteUrl
    ? `Static reads: ${written} files for ${siteUrl} (${shown}/static-reads)`
    : 'Static reads: none (SITE_URL is not set at build, so their routes answer them on the request origin)',
);
