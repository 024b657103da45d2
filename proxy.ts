import { type NextRequest, NextResponse } from 'next/server';
import { preferredMediaType } from '@/lib/http/negotiate';

/**
 * Next 16's proxy (the file the design card calls middleware.ts). It negotiates markdown for the homepage
 * (spec endpoint 10) and nothing else: the matcher lets it run only for requests whose Accept header mentions
 * text/markdown, so ordinary page views and API calls pass with no code in front of them. Shared headers
 * come from next.config.ts.
 */
export function proxy(request: NextRequest): NextResponse {
  const preferred = preferredMediaType(request, ['text/html', 'text/markdown']);
  if (preferred === 'text/markdown') return NextResponse.rewrite(new URL('/index.md', request.url));
  return NextResponse.next();
}

export const config = {
  matcher: [{ source: '/', has: [{ type: 'header', key: 'accept', value: '.*text/markdown.*' }] }],
};
