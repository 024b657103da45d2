import { toolPath } from '@/lib/http/api-paths';
import { apiRoute, endpoint } from '@/lib/http/api-route';
import { callTool } from './rest';

/** POST /api/agent/tools/{evaluate-client-needs | schedule-consultation} (docs/agent-api.md, "Endpoints", 3 and 4). */
export const TOOL_ENDPOINT = endpoint(toolPath('{tool}'), { POST: apiRoute(callTool) });
