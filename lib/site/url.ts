import { z } from 'zod';

const LOCAL_BASE_URL = 'http://localhost:3000';

const SiteUrlSchema = z.url({
  protocol: /^https?$/,
  error: 'SITE_URL must be an absolute http(s) address such as https://example.com',
});

/**
 * The public base address of the site, without a trailing slash: SITE_URL when set (read at build time, since
 * every page is prerendered), else http://localhost:3000. Canonical links, the sitemap, robots.txt, JSON-LD and
 * the examples on /agents all build absolute URLs from it. A malformed SITE_URL fails the build here.
 */
export function siteUrl(): string {
  const configured = process.env.SITE_URL?.trim();
  if (!configured) return LOCAL_BASE_URL;
  const parsed = SiteUrlSchema.safeParse(configured);
  if (!parsed.success) throw new Error(`${parsed.error.issues[0]?.message ?? 'invalid SITE_URL'} (got "${configured}")`);
  return parsed.data.replace(/\/+$/, '');
}

/** An absolute URL for a path on this site, e.g. absoluteUrl('/contact'). */
export function absoluteUrl(path: string): string {
  const base = siteUrl();
  if (path === '' || path === '/') return base;
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
