import { getContent } from '@/lib/content';
import { markdownResponse, pageSlugs, servePageMarkdown } from '@/lib/markdown/route';

// Prerendered at build time, one file per page; an unknown page is answered 404 in markdown at request time.
export const dynamic = 'force-static';
export const dynamicParams = true;

export function generateStaticParams(): { slug: string[] }[] {
  return pageSlugs(getContent()).map((slug) => ({ slug }));
}

/** The markdown of a page. Reached through `<page>.md` (next.config.ts rewrites) or Accept: text/markdown (proxy.ts). */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string[] }> }): Promise<Response> {
  const { slug } = await params;
  return servePageMarkdown(slug) ?? markdownResponse('# Not found\n\nThere is no such page. The index of every page is at /llms.txt.\n', 404);
}
