import { RESOURCES } from '@/lib/agent/resources';
import { MCP_APP_VIEWS } from '@/lib/mcp/surface/apps/views';
import { PROMPTS } from '@/lib/mcp/surface/prompts';
import { serverInfo } from '@/lib/mcp/surface/server';
import { MCP_TOOL_NAMES } from '@/lib/mcp/surface/mcp-tools';
import { MCP_PROTOCOL_REVISION, MCP_TRANSPORT, SERVED_REVISIONS } from '@/lib/mcp/protocol';
import type { McpServerDescription } from './mcp-document-schemas';

/**
 * McpServerDescription (docs/agent-api.md, "MCP shapes") for a GET without a session: the lists the MCP server
 * registers (lib/mcp/surface/server.ts), so it names exactly what a client would list. Resources by their MCP URIs.
 */
export function buildMcpServerDescription(origin: string): McpServerDescription {
  return {
    jsonrpc: '2.0',
    id: null,
    result: {
      serverInfo: serverInfo(origin),
      transport: MCP_TRANSPORT,
      protocolVersion: MCP_PROTOCOL_REVISION,
      protocolVersions: [...SERVED_REVISIONS],
      resources: [...RESOURCES.map((resource) => resource.uri), ...MCP_APP_VIEWS.map((view) => view.uri)],
      tools: [...MCP_TOOL_NAMES],
      prompts: PROMPTS.map((prompt) => prompt.name),
    },
  };
}
