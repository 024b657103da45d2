import { getContent } from '@/lib/content';
import { homeMarkdown } from '@/lib/markdown/home';
import { siteUrl } from '@/lib/site/url';

// Prerendered at build time: the homepage's markdown is static, like the page itself.
export const dynamic = 'force-static';

/** GET /index.md: the homepage as markdown; proxy.ts also serves it for `/` with Accept: text/markdown. */
export function GET(): Response {
  return new Response(homeMarkdown(getContent(), siteUrl()), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8', Vary: 'Accept' },
  });
}
