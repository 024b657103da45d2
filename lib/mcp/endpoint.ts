import { apiRoute, endpoint } from '@/lib/http/api-route';
import { handleMcpDelete, handleMcpGet, handleMcpPost } from './handler';

/** The MCP server at /api/mcp (docs/agent-api.md, "Endpoints", 5-7; docs/mcp.md): Streamable HTTP transport. */
export const MCP_ENDPOINT = endpoint({
  GET: apiRoute(handleMcpGet),
  POST: apiRoute(handleMcpPost),
  DELETE: apiRoute(handleMcpDelete),
});
