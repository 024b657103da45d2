import { MCP_ENDPOINT } from '@/lib/discovery/mcp/assembled-endpoint';

/** The MCP server (docs/mcp.md): Streamable HTTP transport. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = MCP_ENDPOINT;
