import { MCP_ENDPOINT } from '@/lib/discovery/mcp/assembled-endpoint';
import { withSiteRules } from '@/lib/proxy/unproxied-endpoint';

/** The MCP server (docs/mcp.md): Streamable HTTP transport. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = withSiteRules(MCP_ENDPOINT);
