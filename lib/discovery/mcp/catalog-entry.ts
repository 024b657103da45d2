import { SERVER_CARD_PATH } from '@/lib/http/api-paths';
import { SERVER_CARD_MEDIA_TYPE } from './server-card-schema';

/**
 * The MCP server's entry in the RFC 9727 API catalog (/.well-known/api-catalog): anchored at the endpoint, with
 * the server card and /mcp.json as its metadata (service-meta) and the agents page as its documentation.
 */
export function mcpCatalogEntry(origin: string) {
  return {
    anchor: `${origin}/api/mcp`,
    'service-doc': [{ href: `${origin}/agents#mcp`, type: 'text/html' }],
    'service-meta': [
      { href: `${origin}${SERVER_CARD_PATH}`, type: SERVER_CARD_MEDIA_TYPE },
      { href: `${origin}/mcp.json`, type: 'application/json' },
    ],
  };
}
