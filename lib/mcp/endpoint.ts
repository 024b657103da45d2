import { apiRoute, endpoint } from '@/lib/http/api-route';
import { handleMcpDelete, handleMcpGet, handleMcpPost } from './handler';

/** The MCP server at /api/mcp (spec endpoints 5-7): Streamable HTTP transport. */
export const MCP_ENDPOINT = endpoint({
  GET: apiRoute(handleMcpGet),
  POST: apiRoute(handleMcpPost),
  DELETE: apiRoute(handleMcpDelete),
});
