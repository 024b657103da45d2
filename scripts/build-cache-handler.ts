/**
 * Compiles the site's incremental cache (lib/security/page-cache-handler.ts) to dist/page-cache-handler.mjs, which
 * next.config.ts names as Next's `cacheHandler`: Next loads it from disk, at build and at run time, so it is plain
 * JavaScript, made before `next build` (npm run build).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { PAGE_CACHE_HANDLER_FILE } from '../lib/config/page-cache-handler-file';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, PAGE_CACHE_HANDLER_FILE);
const partial = `${out}.${process.pid}.tmp`;
await build({
  entryPoints: [path.join(root, 'lib/security/page-cache-handler.ts')],
  outfile: partial,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
fs.renameSync(partial, out);
console.log(`Compiled for Next: ${PAGE_CACHE_HANDLER_FILE}`);
