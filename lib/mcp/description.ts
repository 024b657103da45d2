import { buildManifest } from '@/lib/agent/manifest';
import { RESOURCES } from '@/lib/agent/resources';
import { TOOLS } from '@/lib/agent/tools';
import { PROMPTS } from './prompts';
import { MCP_PROTOCOL_REVISION, MCP_TRANSPORT, SERVED_REVISIONS } from './protocol';
import type { McpManifest, McpServerDescription } from './schemas';
import { serverInfo } from './server';

/**
 * McpServerDescription (docs/agent-api.md, "MCP shapes") for a GET without a session: the lists buildMcpServer
 * registers, so it names exactly what an MCP client would list. Resources are named by their MCP URIs.
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
      resources: RESOURCES.map((resource) => resource.uri),
      tools: TOOLS.map((tool) => tool.name),
      prompts: PROMPTS.map((prompt) => prompt.name),
    },
  };
}

/**
 * McpManifest (/mcp.json; docs/agent-api.md, "MCP shapes"), from the REST manifest so that names, version and URLs
 * agree.
 */
export function buildMcpManifest(origin: string): McpManifest {
  const manifest = buildManifest(origin);
  return {
    name: manifest.name,
    version: manifest.version,
    transport: MCP_TRANSPORT,
    protocolVersions: [...SERVED_REVISIONS],
    endpoint: manifest.mcp,
    restApiFallback: `${origin}/api/agent`,
  };
}
