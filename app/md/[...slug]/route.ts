import { publicOrigin } from '@/lib/security/public-origin';
import { markdownNotFound, servePageMarkdown } from '@/lib/markdown/responses';

// Rendered per request (a few string joins over content held in memory), never kept on disk: a path no page has
// must get the markdown 404, and a prerendered route with dynamicParams would keep a file per path a client
// invents. Caches may keep a page's markdown briefly, never a 404 (lib/http/cache-control.ts).
export const dynamic = 'force-dynamic';

/** The markdown of a page. Reached through `<page>.md` (next.config.ts rewrites) or Accept: text/markdown (proxy.ts). */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string[] }> }): Promise<Response> {
  const { slug } = await params;
  const origin = publicOrigin(request);
  return servePageMarkdown(slug, origin) ?? markdownNotFound(origin);
}
