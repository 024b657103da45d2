import { countReportedView } from '@/lib/insights/request-count';

export const dynamic = 'force-dynamic';

/** A transparent 1×1 GIF: what an image asked for gets, so a `<noscript>` one shows nothing broken. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * GET /page-view.gif: a page reports that a person (or whoever runs its script) viewed it (lib/insights/page-view.ts).
 * Never kept by a cache, so each view reaches the count; it answers the same whatever it was sent.
 */
export function GET(request: Request): Response {
  const url = new URL(request.url);
  countReportedView(`${url.pathname}${url.search}`, request.headers);
  return new Response(PIXEL, {
    headers: { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store', 'Content-Length': String(PIXEL.length) },
  });
}
