import { CACHE_READ } from '@/lib/http/cache-control';
import { getContent } from '@/lib/content';
import { buildOpenApi } from '@/lib/discovery/openapi';
import { siteUrl } from '@/lib/site/url';

export const dynamic = 'force-static';

/** GET /openapi.json: OpenAPI 3.1 for the REST agent API, generated from the same schemas, prerendered. */
export function GET(): Response {
  return Response.json(buildOpenApi(getContent(), siteUrl()), { headers: { 'Cache-Control': CACHE_READ } });
}
