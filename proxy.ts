import { type NextRequest, NextResponse } from 'next/server';
import { preferredMediaType } from '@/lib/http/negotiate';

/**
 * Next 16's proxy (the file the design card calls middleware.ts). It negotiates markdown for the human pages
 * (spec endpoint 10) and nothing else: the matcher lets it run only for page paths whose Accept header
 * mentions text/markdown, so ordinary page views, assets and API calls pass with no code in front of them.
 * Shared headers come from next.config.ts.
 */
export function proxy(request: NextRequest): NextResponse {
  // Next lets the matcher also match an optional .json suffix (/openapi.json, /mcp.json): files, not pages.
  if (request.nextUrl.pathname.includes('.')) return NextResponse.next();
  if (preferredMediaType(request, ['text/html', 'text/markdown']) !== 'text/markdown') return NextResponse.next();
  const path = request.nextUrl.pathname.replace(/\/+$/, '');
  return NextResponse.rewrite(new URL(`/md/${path === '' ? 'index' : path.slice(1)}`, request.url));
}

export const config = {
  matcher: [
    {
      // Page paths only: not the API, Next's assets, the markdown routes themselves or files with an extension.
      source: '/((?!api/|_next/|md/)[^.]*)',
      has: [{ type: 'header', key: 'accept', value: '.*text/markdown.*' }],
      // Exactly `text/markdown` needs no negotiation: a static rule in next.config.ts serves it.
      missing: [{ type: 'header', key: 'accept', value: 'text/markdown' }],
    },
  ],
};
