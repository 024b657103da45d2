import { CACHE_READ } from '@/lib/http/cache-control';
import { getContent } from '@/lib/content';
import { buildLlmsTxt } from '@/lib/discovery/llms-txt';
import { siteUrl } from '@/lib/site/url';

export const dynamic = 'force-static';

/** GET /llms.txt (docs/agents-and-crawlers.md, "llms.txt"): the site index for language models, prerendered. */
export function GET(): Response {
  return new Response(buildLlmsTxt(getContent(), siteUrl()), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_READ },
  });
}
