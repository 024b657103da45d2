import { CACHE_READ } from '@/lib/http/cache-control';
import { siteUrl } from '@/lib/site/url';
import { mcpCatalogEntry } from '@/lib/discovery/mcp/catalog-entry';

export const dynamic = 'force-static';

/**
 * GET /.well-known/api-catalog: an RFC 9727 API catalog, a linkset (RFC 9264): the agent API, with its OpenAPI
 * description (service-desc) and its developer documentation (service-doc), and the MCP server.
 */
export function GET(): Response {
  const origin = siteUrl();
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
      'Cache-Control': CACHE_READ,
    },
  });
}
