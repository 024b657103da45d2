import { CACHE_NEVER, CACHE_DOCUMENT } from '@/lib/http/cache-control';
import { PAGE_VARY } from '@/lib/http/shared-headers';
import { getContent } from '@/lib/content';
import { notFoundMarkdown } from './not-found';
import { renderMarkdownPage } from './page-markdown';
import { buildSitemapMarkdown } from './sitemap';
import { markdownTokensHeader } from './tokens';

/** The slug of /sitemap.md, served beside the pages because every `<path>.md` is rewritten to /md/<path>. */
const SITEMAP_SLUG = 'sitemap';

/** A markdown response with the headers every markdown representation carries. */
function markdownResponse(markdown: string, status = 200): Response {
  return new Response(markdown, {
    status,
    headers: {
      'Content-Type': 'text/markdown; charset=utf-8',
      Vary: PAGE_VARY,
      'X-Robots-Tag': 'noindex',
      'Cache-Control': status === 200 ? CACHE_DOCUMENT : CACHE_NEVER,
      ...markdownTokensHeader(markdown),
    },
  });
}

/**
 * The markdown response of the page (or the sitemap) these segments name, with its URLs on `origin` (publicOrigin
 * of the request), or undefined when there is none.
 */
export function servePageMarkdown(slug: readonly string[], origin: string): Response | undefined {
  if (slug.length === 1 && slug[0] === SITEMAP_SLUG)
    return markdownResponse(buildSitemapMarkdown(getContent(), origin));
  const path = slug.length === 1 && slug[0] === 'index' ? '/' : `/${slug.join('/')}`;
  const page = renderMarkdownPage(path, getContent(), origin);
  return page && markdownResponse(page.markdown);
}

/** The 404 of a page that does not exist, asked for as markdown, its links on `origin`. */
export function markdownNotFound(origin: string): Response {
  return markdownResponse(notFoundMarkdown(origin), 404);
}
