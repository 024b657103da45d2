import { callTool } from '@/lib/agent/rest';
import { apiRoute, otherMethods } from '@/lib/http/route';

/** POST /api/agent/tools/{evaluate-client-needs | schedule-consultation} (spec endpoints 3 and 4). */
export const POST = apiRoute(callTool);

export const { GET, PUT, PATCH, DELETE } = otherMethods(['POST']);
