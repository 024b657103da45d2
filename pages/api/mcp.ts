import { apiRoute, otherMethods } from '@/lib/http/route';
import { pagesApiRoute } from '@/lib/http/pages-api';
import { handleMcpDelete, handleMcpGet, handleMcpPost } from '@/lib/mcp/handler';

/**
 * The MCP server (spec endpoints 5-7): Streamable HTTP transport, protocol revision 2025-03-26. A Pages Router
 * API route for speed (lib/http/pages-api.ts); the handlers are the same as on the App Router.
 */
export const config = { api: { bodyParser: false, externalResolver: true } };

const { PUT, PATCH } = otherMethods(['GET', 'POST', 'DELETE']);

export default pagesApiRoute({ GET: apiRoute(handleMcpGet), POST: apiRoute(handleMcpPost), DELETE: apiRoute(handleMcpDelete), PUT, PATCH });
