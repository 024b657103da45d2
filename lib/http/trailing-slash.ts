import { isApiPath } from './shared-headers';

/**
 * Where a path with a trailing slash is redirected (308), or undefined when it is served as it is. next.config.ts
 * turns off Next's own redirect (`skipTrailingSlashRedirect`), which it answers before its header rules and so
 * without CORS; proxy.ts redirects instead, and its answer gets every shared header. Under /api nothing is
 * redirected: the route answers the path without its slash (docs/agent-api.md, "A trailing slash"), since a
 * browser refuses a redirected CORS preflight. Repeated slashes are made one, so the target stays on this site.
 */
export function trailingSlashRedirect(pathname: string): string | undefined {
  if (pathname === '/' || !pathname.endsWith('/') || isApiPath(pathname)) return undefined;
  return pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '') || '/';
}
