import { matchesIfNoneMatch, strongEtag } from '@/lib/http/conditional';
import { publicOrigin } from '@/lib/security/public-origin';
import { buildServerCard } from './server-card';
import { SERVER_CARD_MEDIA_TYPE } from './server-card-schema';

// What the draft asks of a hosted card (experimental-ext-server-card, docs/discovery.md: "CORS Requirements",
// "Caching"): an hour's caching and revalidation by ETag. Its CORS headers (any origin, If-None-Match allowed,
// ETag exposed) are every response's, from lib/http/shared-headers.ts.
const CARD_HEADERS = { 'Cache-Control': 'public, max-age=3600' };

/** A JSON document with a strong ETag of its bytes, answered 304 when the client already holds it. */
export function documentWithEtag(request: Request, body: unknown, contentType: string): Response {
  const text = JSON.stringify(body, null, 2);
  const etag = strongEtag(text);
  const headers = { ...CARD_HEADERS, ETag: etag, 'Content-Type': contentType };
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag))
    return new Response(null, { status: 304, headers });
  return new Response(text, { status: 200, headers });
}

/** GET of the server card, on the request's origin as /mcp.json is. */
export function serveServerCard(request: Request): Response {
  return documentWithEtag(request, buildServerCard(publicOrigin(request)), SERVER_CARD_MEDIA_TYPE);
}
