import { mcpEndpoint } from '@/lib/mcp/endpoint';
import { buildMcpServerDescription } from './description';

/**
 * The MCP endpoint as the app and the fast path serve it: lib/mcp's handlers, with this layer's server
 * description for a GET without a session (lib/mcp sits below lib/discovery and cannot import it).
 */
export const MCP_ENDPOINT = mcpEndpoint(buildMcpServerDescription);
