import { CACHE_READ } from '@/lib/http/cache-control';
import { getContent } from '@/lib/content';
import { buildOpenApi } from '@/lib/discovery/openapi';
import { siteUrl } from '@/lib/site/url';

export const dynamic = 'force-static';

/** GET /openapi.json: OpenAPI 3.1 for the REST agent API, generated from the same schemas, prerendered. */
export function GET(): Response {
  // The media type of OpenAPI documents (draft-ietf-httpapi-rest-api-mediatypes), as the API catalog names it.
  return Response.json(buildOpenApi(getContent(), siteUrl()), {
    headers: { 'Content-Type': 'application/openapi+json', 'Cache-Control': CACHE_READ },
  });
}
