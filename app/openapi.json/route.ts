import { publicOrigin } from '@/lib/security/public-origin';
import { CACHE_DOCUMENT } from '@/lib/http/cache-control';
import { getContent } from '@/lib/content';
import { buildOpenApi } from '@/lib/discovery/openapi';

// Rendered per request: it names the origin the server runs at (docs/serving.md, "One origin").
export const dynamic = 'force-dynamic';

/** GET /openapi.json: OpenAPI 3.1 for the REST agent API, generated from the same schemas. */
export function GET(request: Request): Response {
  // The media type of OpenAPI documents (draft-ietf-httpapi-rest-api-mediatypes), as the API catalog names it.
  return Response.json(buildOpenApi(getContent(), publicOrigin(request)), {
    headers: { 'Content-Type': 'application/openapi+json', 'Cache-Control': CACHE_DOCUMENT },
  });
}
