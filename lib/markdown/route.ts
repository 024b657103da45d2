import { CACHE_NEVER, CACHE_READ } from '@/lib/http/cache-control';
import { type Content, getContent } from '@/lib/content';
import { listSitePages } from '@/lib/site/pages';
import { siteUrl } from '@/lib/site/url';
import { renderMarkdownPage } from './pages';

/** The internal path segments of every page's markdown route: /md/index for the homepage, /md/about, … */
export function pageSlugs(content: Content): string[][] {
  return listSitePages(content).map((page) => (page.path === '/' ? ['index'] : page.path.slice(1).split('/')));
}

/** A markdown response with the headers every markdown representation carries. */
export function markdownResponse(markdown: string, status = 200): Response {
  return new Response(markdown, {
    status,
    headers: {
      'Content-Type': 'text/markdown; charset=utf-8',
      Vary: 'Accept',
      'X-Robots-Tag': 'noindex',
      'Cache-Control': status === 200 ? CACHE_READ : CACHE_NEVER,
    },
  });
}

/** The markdown response of the page these segments name, or undefined when there is no such page. */
export function servePageMarkdown(slug: readonly string[]): Response | undefined {
  const path = slug.length === 1 && slug[0] === 'index' ? '/' : `/${slug.join('/')}`;
  const page = renderMarkdownPage(path, getContent(), siteUrl());
  return page && markdownResponse(page.markdown);
}
