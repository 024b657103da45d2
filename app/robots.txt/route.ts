import { CACHE_READ } from '@/lib/http/cache-control';
import { buildRobotsTxt } from '@/lib/discovery/robots';
import { siteUrl } from '@/lib/site/url';

export const dynamic = 'force-static';

/** GET /robots.txt, prerendered. A route rather than robots.ts: Next's robots format has no Content-Signal. */
export function GET(): Response {
  return new Response(buildRobotsTxt(siteUrl()), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_READ },
  });
}
