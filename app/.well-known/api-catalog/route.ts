import { publicOrigin } from '@/lib/security/public-origin';
import { CACHE_DOCUMENT } from '@/lib/http/cache-control';
import { mcpCatalogEntry } from '@/lib/discovery/mcp/catalog-entry';

// Rendered per request: it names the origin the server runs at (docs/serving.md, "One origin").
export const dynamic = 'force-dynamic';

/**
 * GET /.well-known/api-catalog: an RFC 9727 API catalog, a linkset (RFC 9264): the agent API, with its OpenAPI
 * description (service-desc) and its developer documentation (service-doc), and the MCP server.
 */
export function GET(request: Request): Response {
  const origin = publicOrigin(request);
  const linkset = {
    linkset: [
      {
        anchor: `${origin}/api/agent`,
        'service-desc': [{ href: `${origin}/openapi.json`, type: 'application/openapi+json' }],
        'service-doc': [{ href: `${origin}/agents`, type: 'text/html' }],
        'service-meta': [{ href: `${origin}/api/agent`, type: 'application/json' }],
      },
      mcpCatalogEntry(origin),
    ],
  };
  return new Response(JSON.stringify(linkset, null, 2), {
    headers: {
      'Content-Type': 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
      'Cache-Control': CACHE_DOCUMENT,
    },
  });
}
