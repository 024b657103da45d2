import { MANIFEST_PATH } from '@/lib/http/api-paths';
import { MCP_TRANSPORT, SERVED_REVISIONS } from '@/lib/mcp/protocol';
import { buildManifest } from '../rest-manifest';
import type { McpManifest } from './mcp-document-schemas';

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
    restApiFallback: `${origin}${MANIFEST_PATH}`,
  };
}
