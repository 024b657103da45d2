import type { HeaderSource } from '@/lib/http/ai-agents';
import { assistantOfHost, assistantOfSource } from '@/lib/words';

/** Longest Referer or utm_source looked at: a longer one is no link a person followed, and counts as nothing. */
const MAX_REFERER = 2048;
const MAX_UTM_SOURCE = 100;

/** A request for a page, as a view: a full load, or a navigation inside the site by Next's router. */
interface PageView {
  /** Next's router fetched the page for a click inside the site (a React Server Components request). */
  insideSite: boolean;
  /** A full load whose Referer is not the site itself: someone arriving, so a visit begins. */
  arriving: boolean;
  /** The assistant that sent the person here, by the Referer's host or the link's utm_source (a key). */
  sentBy?: string;
}

function isPrefetch(headers: HeaderSource): boolean {
  if (headers.get('next-router-prefetch') !== null || headers.get('next-router-segment-prefetch') !== null) return true;
  const purpose = `${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''}`.toLowerCase();
  return purpose.includes('prefetch');
}

/** The Referer, when it is a URL of a sane length; anything else is no Referer. */
function refererUrl(headers: HeaderSource): URL | undefined {
  const referer = headers.get('referer');
  return referer && referer.length <= MAX_REFERER && URL.canParse(referer) ? new URL(referer) : undefined;
}

function utmSource(target: string): string | undefined {
  const query = target.indexOf('?');
  if (query < 0) return undefined;
  return bounded(new URLSearchParams(target.slice(query + 1)).get('utm_source'), MAX_UTM_SOURCE);
}

const bounded = (value: string | null, max: number) => (value && value.length <= max ? value : undefined);

/** The assistant named by a host the page read from document.referrer, or by a link's utm_source. */
function assistantOf(fromHost: string | undefined, source: string | undefined): string | undefined {
  return (fromHost && assistantOfHost(fromHost)) || (source ? assistantOfSource(source) : undefined);
}

/**
 * Whether a GET of a page is a view, and what kind: a prefetch (Next's router warming its cache, or the browser's
 * speculation), a HEAD, or a subresource fetch of the page's URL is not one. A request without Fetch Metadata
 * (agents, scripts, older browsers) that asks for the page is one. `host` is the request's own authority.
 */
export function pageViewOf(
  method: string,
  target: string,
  headers: HeaderSource,
  host: string | null,
): PageView | undefined {
  if (method !== 'GET' || isPrefetch(headers)) return undefined;
  if (headers.get('rsc') === '1') return { insideSite: true, arriving: false };
  const destination = headers.get('sec-fetch-dest');
  if (destination !== null && destination !== 'document') return undefined;
  const from = refererUrl(headers)?.host.toLowerCase();
  const arriving = from === undefined || from !== host?.toLowerCase();
  if (!arriving) return { insideSite: false, arriving };
  const sentBy = assistantOf(from, utmSource(target));
  return { insideSite: false, arriving, ...(sentBy ? { sentBy } : {}) };
}

/**
 * The view a page reports to PAGE_VIEW_PATH (lib/site/pages.ts), with the page's path: `p`, the page; `in`, a navigation inside the
 * site; else the first view of the document, with `from`, the host of document.referrer (never the whole URL),
 * and `utm`, the link's utm_source. Without script the `<noscript>` image sends no query: the page is its Referer's
 * path, and whether a visit began is not known. Undefined for anything that names no page.
 */
export function beaconViewOf(target: string, headers: HeaderSource): (PageView & { page: string }) | undefined {
  const query = new URLSearchParams(target.includes('?') ? target.slice(target.indexOf('?') + 1) : '');
  const page = bounded(query.get('p'), MAX_REFERER) ?? refererPath(headers);
  if (page === undefined || !page.startsWith('/')) return undefined;
  if (!query.has('p')) return { page, insideSite: false, arriving: false };
  if (query.get('in') === '1') return { page, insideSite: true, arriving: false };
  const from = bounded(query.get('from'), MAX_UTM_SOURCE)?.toLowerCase();
  const arriving = from !== headers.get('host')?.toLowerCase();
  const sentBy = arriving ? assistantOf(from, bounded(query.get('utm'), MAX_UTM_SOURCE)) : undefined;
  return { page, insideSite: false, arriving, ...(sentBy ? { sentBy } : {}) };
}

/** The path of a same-site Referer (a `<noscript>` image's page). */
function refererPath(headers: HeaderSource): string | undefined {
  const url = refererUrl(headers);
  return url && url.host.toLowerCase() === headers.get('host')?.toLowerCase() ? url.pathname : undefined;
}
