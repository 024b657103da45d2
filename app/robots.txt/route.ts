import { publicOrigin } from '@/lib/security/public-origin';
import { CACHE_DOCUMENT } from '@/lib/http/cache-control';
import { buildRobotsTxt } from '@/lib/discovery/robots';

// Rendered per request: it names the origin the server runs at (docs/serving.md, "One origin").
export const dynamic = 'force-dynamic';

/** GET /robots.txt. A route rather than robots.ts: Next's robots format has no Content-Signal. */
export function GET(request: Request): Response {
  return new Response(buildRobotsTxt(publicOrigin(request)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_DOCUMENT },
  });
}
