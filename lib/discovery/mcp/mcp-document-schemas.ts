import { z } from 'zod';

/** McpServerDescription (docs/agent-api.md, "MCP shapes"): what GET /api/mcp answers a caller without a session. */
export const McpServerDescriptionSchema = z
  .object({
    jsonrpc: z.string(),
    id: z.string().nullable(),
    result: z.object({
      serverInfo: z
        .looseObject({ name: z.string(), version: z.string() })
        .describe('the initialize result serverInfo: name, version, and also title, websiteUrl and icons'),
      transport: z.string(),
      protocolVersion: z.string().describe("the spec's revision, 2025-03-26"),
      protocolVersions: z
        .array(z.string())
        .describe('every revision served: 2025-era with sessions, 2026-07-28 without (an addition to the spec shape)'),
      resources: z.array(z.string()).describe('the MCP resource URIs'),
      tools: z.array(z.string()).describe('the tool names'),
      prompts: z.array(z.string()).describe('the prompt names'),
    }),
  })
  .describe('McpServerDescription');

/** McpManifest (docs/agent-api.md, "MCP shapes"), served at /mcp.json. */
export const McpManifestSchema = z
  .object({
    name: z.string(),
    version: z.string(),
    transport: z.string(),
    protocolVersions: z
      .array(z.string())
      .describe('every MCP revision the endpoint serves, oldest first (an addition to the spec shape)'),
    endpoint: z.url(),
    restApiFallback: z.url(),
  })
  .describe('McpManifest');

export type McpServerDescription = z.infer<typeof McpServerDescriptionSchema>;
export type McpManifest = z.infer<typeof McpManifestSchema>;
