import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';

/** The MCP revision the spec names for this server (spec: Versioning 6): Streamable HTTP, 2025-03-26. */
export const MCP_PROTOCOL_REVISION = '2025-03-26';

/** The transport, as /mcp.json and the GET description name it. */
export const MCP_TRANSPORT = 'streamable-http';

/** Every revision the installed SDK can speak; 2025-03-26 is among them. */
export function isSupportedProtocolVersion(version: string): boolean {
  return SUPPORTED_PROTOCOL_VERSIONS.includes(version);
}

/**
 * The version a session speaks, by the MCP lifecycle (2025-03-26, "Version Negotiation"): the one the client
 * asked for when the server supports it, otherwise the latest the server supports. This is also what the SDK's
 * Server answers in the initialize result; tests/integration/mcp-lifecycle.test.ts checks the two agree.
 */
export function negotiateProtocolVersion(requested: string): string {
  return isSupportedProtocolVersion(requested) ? requested : LATEST_PROTOCOL_VERSION;
}
