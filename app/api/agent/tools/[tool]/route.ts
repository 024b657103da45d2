import { TOOL_ENDPOINT } from '@/lib/agent/tool-endpoint';

/** POST /api/agent/tools/{evaluate-client-needs | schedule-consultation} (docs/agent-api.md, "Tools"). */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = TOOL_ENDPOINT;
