import { publicOrigin } from '@/lib/security/public-origin';
import { CACHE_DOCUMENT } from '@/lib/http/cache-control';
import { getContent } from '@/lib/content';
import { buildLlmsTxt } from '@/lib/discovery/llms-txt';

// Rendered per request: it names the origin the server runs at (docs/serving.md, "One origin").
export const dynamic = 'force-dynamic';

/** GET /llms.txt (docs/agents-and-crawlers.md, "llms.txt"): the site index for language models. */
export function GET(request: Request): Response {
  return new Response(buildLlmsTxt(getContent(), publicOrigin(request)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_DOCUMENT },
  });
}
