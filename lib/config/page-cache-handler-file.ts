/**
 * Where `npm run build` writes the site's incremental cache for Next to load (scripts/build-cache-handler.ts,
 * lib/security/page-cache-handler.ts), relative to the project. Imported by next.config.ts: no imports.
 */
export const PAGE_CACHE_HANDLER_FILE = 'dist/page-cache-handler.mjs';
