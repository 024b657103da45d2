import { TOOL_ENDPOINT } from '@/lib/agent/tool-endpoint';

/** POST /api/agent/tools/{evaluate-client-needs | schedule-consultation} (spec endpoints 3 and 4). */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = TOOL_ENDPOINT;
