import { mcpEndpoint } from '@/lib/mcp/endpoint-handlers';
import { buildMcpServerDescription } from './description';
import { siteDocumentLibrary } from './documents';

/**
 * The MCP endpoint as the app serves it: lib/mcp's handlers, with this layer's documents about
 * the site, the GET description and the pages search and fetch serve (lib/mcp sits below lib/discovery and
 * cannot import them).
 */
export const MCP_ENDPOINT = mcpEndpoint({
  describeServer: buildMcpServerDescription,
  documentLibrary: siteDocumentLibrary,
});
