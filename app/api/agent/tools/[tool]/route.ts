import { TOOL_ENDPOINT } from '@/lib/agent/tool-endpoint';
import { withSiteRules } from '@/lib/proxy/unproxied-endpoint';

/** POST /api/agent/tools/{evaluate-client-needs | schedule-consultation} (docs/agent-api.md, "Tools"). */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = withSiteRules(TOOL_ENDPOINT);
