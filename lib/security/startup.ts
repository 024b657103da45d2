import { distDir } from '@/lib/config/dist-dir';
import type { Config } from '@/lib/config/env';
import { applyCspToBuild, buildHasCsp } from './build-csp';
import { installRequestGuard } from './request-guard';
import { loadServerActionIds } from './server-actions';

/**
 * The security measures that must be in place before the server serves (issue 6), called once by startServer,
 * in two steps so that the front door (lib/http/front-door.ts) can sit between them: first the prerendered pages'
 * Content-Security-Policy (`npm run build` writes the policies; a build made with a bare `next build` gets them
 * here, so a page is never served without one, by Next or by the front door), then the HTTP-level guard
 * (request-guard.ts: a client address that cannot be forged, decodable paths, no forged form submissions),
 * which wraps everything installed before it and so runs first for every request.
 */
export function ensurePagePolicies(): void {
  // `next dev` renders every page on request: there is no prerendered page to give a policy to.
  if (process.env.NODE_ENV !== 'production' || buildHasCsp(distDir())) return;
  try {
    const manifest = applyCspToBuild(distDir());
    console.warn(
      `[security] the build had no Content-Security-Policy per page (built without npm run build?); added to ${Object.keys(manifest.pages).length} pages.`,
    );
  } catch (error) {
    console.error(
      '[security] could not add the Content-Security-Policy to the prerendered pages; they are served without one.',
      error,
    );
  }
}

/** The second step: the request guard, outermost of the HTTP-layer hooks. */
export function guardRequests(config: Pick<Config, 'TRUST_PROXY'>): void {
  installRequestGuard(
    config.TRUST_PROXY,
    process.env.NODE_ENV === 'production' ? loadServerActionIds(distDir()) : undefined,
  );
}
