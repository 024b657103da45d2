import { CACHE_READ } from '@/lib/http/cache-control';
import { getContent } from '@/lib/content';
import { buildLlmsFullTxt } from '@/lib/discovery/llms-txt';
import { siteUrl } from '@/lib/site/url';

export const dynamic = 'force-static';

/** GET /llms-full.txt: every page as markdown in one file, prerendered. */
export function GET(): Response {
  return new Response(buildLlmsFullTxt(getContent(), siteUrl()), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_READ },
  });
}
