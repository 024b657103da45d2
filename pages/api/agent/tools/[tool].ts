import { TOOL_ROUTE } from '@/lib/http/api-routes';
import { pagesApiRoute } from '@/lib/http/pages-api';

/**
 * POST /api/agent/tools/{evaluate-client-needs | schedule-consultation} (spec endpoints 3 and 4). A Pages Router
 * API route (lib/http/pages-api.ts) for `next dev` and the first requests; once the server has started, the same
 * handlers are served from the HTTP layer (lib/http/front-door.ts).
 */
export const config = { api: { bodyParser: false, externalResolver: true } };

export default pagesApiRoute(TOOL_ROUTE, ['tool']);
