import { publicOrigin } from '@/lib/security/public-origin';
import { CACHE_DOCUMENT } from '@/lib/http/cache-control';
import { getContent } from '@/lib/content';
import { buildLlmsFullTxt } from '@/lib/discovery/llms-txt';

// Rendered per request: it names the origin the server runs at (docs/serving.md, "One origin").
export const dynamic = 'force-dynamic';

/** GET /llms-full.txt: every page as markdown in one file. */
export function GET(request: Request): Response {
  return new Response(buildLlmsFullTxt(getContent(), publicOrigin(request)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_DOCUMENT },
  });
}
