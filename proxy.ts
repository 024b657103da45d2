import { type NextRequest, NextResponse } from 'next/server';
import { getConfig } from '@/lib/config/env';
import { preferredMediaType } from '@/lib/http/negotiate';
import { API_HEADERS } from '@/lib/http/shared-headers';
import { forbiddenHostError } from '@/lib/security/allowed-host';
import { siteHostCheck } from '@/lib/security/site-host';

let isSiteHost: ReturnType<typeof siteHostCheck> | undefined;

/** A page path whose Accept header needs RFC 9110 negotiation between HTML and markdown. */
function negotiatesMarkdown(request: NextRequest): boolean {
  const { pathname } = request.nextUrl;
  if (pathname.includes('.') || /^\/(?:api|_next|md)(?:\/|$)/.test(pathname)) return false;
  const accept = request.headers.get('accept') ?? '';
  // Exactly `text/markdown` needs no negotiation: a static rewrite in next.config.ts serves it.
  return /markdown/i.test(accept) && accept !== 'text/markdown';
}

/**
 * Next 16's proxy (the file the design card calls middleware.ts), run by Next for every request it serves. It
 * refuses a request for another site's name (DNS rebinding, lib/security/allowed-host.ts), as the project's
 * server does before Next, and negotiates markdown for the human pages (spec endpoint 10). Shared headers come
 * from next.config.ts.
 */
export function proxy(request: NextRequest): NextResponse {
  isSiteHost ??= siteHostCheck(getConfig());
  const host = request.headers.get('host') ?? undefined;
  if (!isSiteHost(host)) {
    return NextResponse.json(forbiddenHostError(host).toBody(), {
      status: 403,
      headers: { ...API_HEADERS, 'Cache-Control': 'no-store' },
    });
  }
  if (!negotiatesMarkdown(request)) return NextResponse.next();
  if (preferredMediaType(request, ['text/html', 'text/markdown']) !== 'text/markdown') return NextResponse.next();
  const path = request.nextUrl.pathname.replace(/\/+$/, '');
  return NextResponse.rewrite(new URL(`/md/${path === '' ? 'index' : path.slice(1)}`, request.url));
}

export const config = {
  // Everything but Next's own static files.
  matcher: ['/((?!_next/static/|_next/image).*)'],
};
