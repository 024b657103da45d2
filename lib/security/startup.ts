import path from 'node:path';
import type { Config } from '@/lib/config/env';
import { applyCspToBuild, buildHasCsp } from './build-csp';
import { installRequestGuard } from './request-guard';
import { loadServerActionIds } from './server-actions';

/**
 * The security measures that must be in place before the server serves (issue 6), called once by startServer:
 * the HTTP-level guard (request-guard.ts: a client address that cannot be forged, decodable paths, no forged
 * form submissions), and the prerendered pages' Content-Security-Policy. `npm run build` writes the policies; a
 * build made with a bare `next build` gets them here, so a page is never served without one.
 */
export function secureServer(config: Pick<Config, 'TRUST_PROXY'>): void {
  const distDir = path.resolve(/* turbopackIgnore: true */ process.env.NEXT_DIST_DIR || '.next');
  const production = process.env.NODE_ENV === 'production';
  installRequestGuard(config.TRUST_PROXY, production ? loadServerActionIds(distDir) : undefined);
  // `next dev` renders every page on request: there is no prerendered page to give a policy to.
  if (!production || buildHasCsp(distDir)) return;
  try {
    const manifest = applyCspToBuild(distDir);
    console.warn(`[security] the build had no Content-Security-Policy per page (built without npm run build?); added to ${Object.keys(manifest.pages).length} pages.`);
  } catch (error) {
    console.error('[security] could not add the Content-Security-Policy to the prerendered pages; they are served without one.', error);
  }
}
