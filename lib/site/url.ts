import { getConfig } from '@/lib/config/env';

const LOCAL_BASE_URL = 'http://localhost:3000';

/**
 * The public base address of the site, without a trailing slash: SITE_URL when set (read at build time, since
 * every page is prerendered), else http://localhost:3000. Canonical links, the sitemap, robots.txt, JSON-LD,
 * llms.txt and the examples on /agents all build absolute URLs from it. SITE_URL is validated with the rest of
 * the configuration (lib/config/env.ts), so a malformed value fails the build and the start.
 */
export function siteUrl(): string {
  return getConfig().SITE_URL?.replace(/\/+$/, '') ?? LOCAL_BASE_URL;
}

/** An absolute URL for a path on this site, e.g. absoluteUrl('/contact'). */
export function absoluteUrl(path: string): string {
  const base = siteUrl();
  if (path === '' || path === '/') return base;
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
