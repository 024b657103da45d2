import { callTool } from '@/lib/agent/rest';
import { apiRoute, otherMethods } from '@/lib/http/route';
import { pagesApiRoute } from '@/lib/http/pages-api';

/**
 * POST /api/agent/tools/{evaluate-client-needs | schedule-consultation} (spec endpoints 3 and 4). A Pages Router
 * API route for speed (lib/http/pages-api.ts); the handler is the same as on the App Router.
 */
export const config = { api: { bodyParser: false, externalResolver: true } };

const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);

export default pagesApiRoute({ POST: apiRoute(callTool), GET, PUT, PATCH, DELETE }, ['tool']);
