import { callTool } from '@/lib/agent/rest';
import { handleMcpDelete, handleMcpGet, handleMcpPost } from '@/lib/mcp/handler';
import { type NodeRoute, nodeRoute } from './pages-api';
import { apiRoute } from './route';

/**
 * The API's dynamic hot paths, each one table of handlers served two ways: by a Pages Router API route
 * (pages/api) and, once the server has started, straight from the HTTP layer (lib/http/front-door.ts).
 */

/** POST /api/agent/tools/{evaluate-client-needs | schedule-consultation} (spec endpoints 3 and 4). */
export const TOOL_ROUTE: NodeRoute = nodeRoute({ POST: apiRoute(callTool) });

/** The MCP server (spec endpoints 5-7): Streamable HTTP transport, protocol revision 2025-03-26. */
export const MCP_ROUTE: NodeRoute = nodeRoute({
  GET: apiRoute(handleMcpGet),
  POST: apiRoute(handleMcpPost),
  DELETE: apiRoute(handleMcpDelete),
});
