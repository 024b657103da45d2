import { SERVER_CARD_PATH } from '@/lib/http/api-paths';
import { publicOrigin } from '@/lib/http/forwarded';
import { getSite } from '@/lib/content';
import { documentWithEtag } from './server-card-response';
import { AI_CATALOG_MEDIA_TYPE, SERVER_CARD_MEDIA_TYPE } from './server-card-schema';

/**
 * GET /.well-known/ai-catalog.json: the AI Catalog with the one MCP server card entry (SEP-2127 discovery), its
 * identifier in the domain-anchored `urn:air:{publisher}:mcp:{name}` form.
 */
export function serveAiCatalog(request: Request): Response {
  const origin = publicOrigin(request);
  const name = getSite()
    .siteName.toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-');
  const catalog = {
    specVersion: '1.0',
    entries: [
      {
        identifier: `urn:air:${new URL(origin).hostname}:mcp:${name}`,
        type: SERVER_CARD_MEDIA_TYPE,
        url: `${origin}${SERVER_CARD_PATH}`,
      },
    ],
  };
  return documentWithEtag(request, catalog, AI_CATALOG_MEDIA_TYPE);
}
