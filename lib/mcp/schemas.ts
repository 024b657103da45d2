import { z } from 'zod';

/** The spec's McpServerDescription: what GET /api/mcp answers a caller without a session. */
export const McpServerDescriptionSchema = z
  .object({
    jsonrpc: z.string(),
    id: z.string().nullable(),
    result: z.object({
      serverInfo: z.object({ name: z.string(), version: z.string() }),
      transport: z.string(),
      protocolVersion: z.string(),
      resources: z.array(z.string()).describe('the MCP resource URIs'),
      tools: z.array(z.string()).describe('the tool names'),
      prompts: z.array(z.string()).describe('the prompt names'),
    }),
  })
  .describe('McpServerDescription');

/** The spec's McpManifest, served at /mcp.json. */
export const McpManifestSchema = z
  .object({
    name: z.string(),
    version: z.string(),
    transport: z.string(),
    endpoint: z.url(),
    restApiFallback: z.url(),
  })
  .describe('McpManifest');

export type McpServerDescription = z.infer<typeof McpServerDescriptionSchema>;
export type McpManifest = z.infer<typeof McpManifestSchema>;
