import { MCP_ROUTE } from '@/lib/http/api-routes';
import { pagesApiRoute } from '@/lib/http/pages-api';

/**
 * The MCP server (spec endpoints 5-7): Streamable HTTP transport, protocol revision 2025-03-26. A Pages Router
 * API route (lib/http/pages-api.ts) for `next dev` and the first requests; once the server has started, the same
 * handlers are served from the HTTP layer (lib/http/front-door.ts).
 */
export const config = { api: { bodyParser: false, externalResolver: true } };

export default pagesApiRoute(MCP_ROUTE);
