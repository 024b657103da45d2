import type { HeaderSource } from '@/lib/http/ai-agents';
import { assistantOfHost, assistantOfSource } from '@/lib/words';

/** Longest Referer or utm_source looked at: a longer one is no link a person followed, and counts as nothing. */
const MAX_REFERER = 2048;
const MAX_UTM_SOURCE = 100;

/** A request for a page, as a view: a full load, or a navigation inside the site by Next's router. */
export interface PageView {
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

/** The Referer's host, when it is a URL of a sane length; anything else is no Referer. */
function refererHost(headers: HeaderSource): string | undefined {
  const referer = headers.get('referer');
  if (!referer || referer.length > MAX_REFERER || !URL.canParse(referer)) return undefined;
  return new URL(referer).host.toLowerCase();
}

function utmSource(target: string): string | undefined {
  const query = target.indexOf('?');
  if (query < 0) return undefined;
  const source = new URLSearchParams(target.slice(query + 1)).get('utm_source');
  return source && source.length <= MAX_UTM_SOURCE ? source : undefined;
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
  const from = refererHost(headers);
  const arriving = from === undefined || from !== host?.toLowerCase();
  if (!arriving) return { insideSite: false, arriving };
  const source = utmSource(target);
  const sentBy = (from && assistantOfHost(from)) || (source ? assistantOfSource(source) : undefined);
  return { insideSite: false, arriving, ...(sentBy ? { sentBy } : {}) };
}
