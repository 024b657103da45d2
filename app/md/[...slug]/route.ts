import { getContent } from '@/lib/content';
import { markdownResponse, pageSlugs, servePageMarkdown } from '@/lib/markdown/route';

// Prerendered at build time, one file per page. Only those: with dynamicParams Next would render every unknown
// path on request and keep the answer on disk (.next/server/route-cache), one file per path a client invents, and
// an OPTIONS there would be kept as a 204 that fails every later GET with 500 (issue 6, found by fuzzing).
// An unknown page is Next's 404.
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams(): { slug: string[] }[] {
  return pageSlugs(getContent()).map((slug) => ({ slug }));
}

/** The markdown of a page. Reached through `<page>.md` (next.config.ts rewrites) or Accept: text/markdown (proxy.ts). */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string[] }> }): Promise<Response> {
  const { slug } = await params;
  return (
    servePageMarkdown(slug) ??
    markdownResponse('# Not found\n\nThere is no such page. The index of every page is at /llms.txt.\n', 404)
  );
}
