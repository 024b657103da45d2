import { notFound } from 'next/navigation';
import { getConfig } from '@/lib/config/env';
import { siteHostCheck } from '@/lib/security/allowed-host';

// A page names itself with absolute URLs (canonical, Open Graph, JSON-LD), so each origin the site is served at
// has its own rendering of every page. proxy.ts names the origin's segment in a request header and next.config.ts
// rewrites the page under it (app/[origin]); Next renders it on the first request for that origin and keeps it
// (docs/serving.md, "One origin"). The segment is the origin in base64url, safe in a path and a header.

/** The first path segment that carries `origin` (`https://example.com`) to the pages. */
export function originSegment(origin: string): string {
  return Buffer.from(origin, 'utf8').toString('base64url');
}

const ORIGIN = /^https?:\/\/[^/?#\s]+$/;

/**
 * The origin a segment carries, when the site answers at it: SITE_URL's own when it is set, else one whose host
 * passes the site's host check. Undefined for anything else, which the pages answer with their 404: proxy.ts
 * writes every segment a page is rendered under, so another means a request that did not come through it.
 */
function servedOriginOf(segment: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(segment)) return undefined;
  const origin = Buffer.from(segment, 'base64url').toString('utf8');
  if (!ORIGIN.test(origin) || !URL.canParse(origin)) return undefined;
  const config = getConfig();
  if (config.SITE_URL) return origin === config.SITE_URL.replace(/\/+$/, '') ? origin : undefined;
  return siteHostCheck(config)(new URL(origin).host) ? origin : undefined;
}

/** The route parameters of every page: app/[origin]. */
export interface OriginParams {
  origin: string;
}

/** The origin a page is rendered for, from its route parameters; an origin the site does not answer at is a 404. */
export async function pageOrigin(params: Promise<OriginParams>): Promise<string> {
  const origin = servedOriginOf((await params).origin);
  if (!origin) notFound();
  return origin;
}
