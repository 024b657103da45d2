import { MCP_PATH } from '@/lib/http/api-paths';
import { apiRoute, endpoint } from '@/lib/http/api-route';
import { buildMcpServerDescription } from '@/lib/discovery/mcp/description';
import { siteDocumentLibrary } from '@/lib/discovery/mcp/documents';
import { handleMcpDelete, handleMcpGet, handleMcpPost } from '@/lib/mcp/endpoint-handlers';
import { withSiteRules } from '@/lib/proxy/unproxied-endpoint';

/**
 * The MCP server (docs/agent-api.md, "Endpoints", 5-7; docs/mcp.md): Streamable HTTP transport. lib/mcp sits below
 * lib/discovery, so the GET description and the documents search and fetch serve are handed to it here.
 */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = withSiteRules(
  endpoint(MCP_PATH, {
    GET: apiRoute((request) => handleMcpGet(request, buildMcpServerDescription)),
    POST: apiRoute((request, context) => handleMcpPost(request, context, siteDocumentLibrary)),
    DELETE: apiRoute(handleMcpDelete),
  }),
);
