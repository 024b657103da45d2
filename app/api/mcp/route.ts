import { MCP_ENDPOINT } from '@/lib/mcp/endpoint';

/** The MCP server (spec endpoints 5-7): Streamable HTTP transport. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = MCP_ENDPOINT;
