import { ConfigSchema } from '../config/env';
import { type HeaderCondition, STATIC_READS } from './catalog';
import { STATIC_READ_HEADER } from './marker';

/**
 * next.config.ts's part of the static reads (lib/static-reads/catalog.ts): one rewrite per read to its file,
 * and the headers its route would send, both under the same conditions. They exist only when SITE_URL is set at
 * build time, since the files hold absolute URLs; without it (the local run line, the tests) every read is served
 * by its route with the request's origin, as before. Imported by next.config.ts, so relative imports only.
 */

/** Where the build writes the files: Next serves `<distDir>/static/*` at /_next/static/*. */
export const STATIC_READS_URL_PREFIX = '/_next/static/reads';

interface BuildSettings {
  siteUrl: string;
  rateLimitPerMinute: number;
}

/**
 * SITE_URL and the general quota at build time; undefined when SITE_URL is unset, the environment is invalid, or
 * under `next dev` (which prerenders nothing, so there would be no files).
 */
export function staticReadSettings(env: Record<string, string | undefined> = process.env): BuildSettings | undefined {
  if (env.NODE_ENV === 'development') return undefined;
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success || !parsed.data.SITE_URL) return undefined;
  return { siteUrl: parsed.data.SITE_URL.replace(/\/+$/, ''), rateLimitPerMinute: parsed.data.RATE_LIMIT_PER_MINUTE };
}

const marked: HeaderCondition = { type: 'header', key: STATIC_READ_HEADER, value: '1' };

/** `beforeFiles` rewrites of every static read to its file (empty without SITE_URL at build). */
export function staticReadRewrites(settings = staticReadSettings()) {
  if (!settings) return [];
  return STATIC_READS.map((read) => ({
    source: read.source,
    has: [marked, ...(read.has ?? [])],
    ...(read.missing ? { missing: read.missing } : {}),
    destination: `${STATIC_READS_URL_PREFIX}/${read.file}`,
  }));
}

/**
 * The headers of every static read (empty without SITE_URL at build). Reads served from a file are not metered:
 * they count against no quota, so their RateLimit headers state the general policy with its full allowance
 * (README, "Limits and quotas"). Cache-Control replaces the year-long one of /_next/static: the files change
 * with each deployment, and their ETag makes revalidation cheap.
 */
export function staticReadHeaders(settings = staticReadSettings()) {
  if (!settings) return [];
  const limit = settings.rateLimitPerMinute;
  const rateLimit: Record<string, string> =
    limit > 0
      ? { 'RateLimit-Limit': String(limit), 'RateLimit-Remaining': String(limit), 'RateLimit-Reset': '60', 'RateLimit-Policy': `${limit};w=60` }
      : {};
  return STATIC_READS.map((read) => ({
    source: read.source,
    has: [marked, ...(read.has ?? [])],
    ...(read.missing ? { missing: read.missing } : {}),
    headers: Object.entries({ 'Cache-Control': 'public, max-age=0, must-revalidate', ...read.headers, ...(read.api ? rateLimit : {}) }).map(
      ([key, value]) => ({ key, value }),
    ),
  }));
}
