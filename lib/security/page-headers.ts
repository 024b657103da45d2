import fs from 'node:fs';
import path from 'node:path';
import { PAGE_CACHE_HANDLER_FILE } from '@/lib/config/page-cache-handler-file';
import { buildCacheHandler } from '@/lib/next/build-output';

/**
 * The start-up warning for a build whose pages would go out without their Content-Security-Policy and Vary, or
 * undefined when they have them: those are given by the site's incremental cache (lib/security/page-cache-handler.ts),
 * which only a build made by `npm run build` uses.
 */
export function pageHeadersWarning(distDir: string): string | undefined {
  const handler = buildCacheHandler(distDir);
  if (handler && path.basename(handler) === path.basename(PAGE_CACHE_HANDLER_FILE) && fs.existsSync(handler)) {
    return undefined;
  }
  return '[build] the pages have no Content-Security-Policy and no Vary of their own: this build was not made by npm run build. Run npm run build.';
}
