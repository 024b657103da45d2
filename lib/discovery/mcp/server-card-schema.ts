import { z } from 'zod';

/** The schema URL SEP-2127's schema requires (its `$schema` pattern: the `v1` schema). */
export const SERVER_CARD_SCHEMA_URL = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** The AI Catalog's media type (SEP-2127, "Discovery"). */
export const AI_CATALOG_MEDIA_TYPE = 'application/ai-catalog+json';

/** The draft's media type for a server card. */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';

const IconSchema = z.object({
  src: z.url().describe('the icon URL'),
  mimeType: z.string().optional().describe('its media type'),
  sizes: z.array(z.string()).optional().describe('"any" for SVG'),
});

const ToolSummarySchema = z.object({
  name: z.string().describe('the tool name, as tools/list gives it'),
  title: z.string(),
  description: z.string(),
  annotations: z
    .object({
      readOnlyHint: z.boolean(),
      destructiveHint: z.boolean(),
      idempotentHint: z.boolean(),
      openWorldHint: z.boolean(),
    })
    .describe('the MCP tool annotations'),
});

/**
 * An MCP Server Card, as the SEP-2127 draft (experimental-ext-server-card, schema v1) shapes it: identity,
 * the remote endpoint with its transport and revisions. The draft leaves primitives to tools/list; the tools
 * with their annotations ride in `_meta` under this site's own key, for the scanners that look for them.
 */
export const ServerCardSchema = z
  .object({
    $schema: z.literal(SERVER_CARD_SCHEMA_URL).describe('the draft schema this card follows'),
    name: z
      .string()
      .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/)
      .describe('reverse-DNS namespace, a slash, and the server name'),
    version: z.string().describe('the API version, as serverInfo.version'),
    description: z.string().min(1).max(100).describe('what the server offers, at most 100 characters'),
    title: z.string().min(1).max(100).optional(),
    websiteUrl: z.url().optional(),
    icons: z.array(IconSchema).optional(),
    remotes: z.array(
      z.object({
        type: z.literal('streamable-http').describe('the transport'),
        url: z.url().describe('the MCP endpoint'),
        supportedProtocolVersions: z.array(z.string()).describe('every revision the endpoint serves'),
      }),
    ),
    _meta: z.record(z.string(), z.array(ToolSummarySchema)).describe('the tools, under "<reverse-DNS>/tools"'),
  })
  .describe('McpServerCard');

export type ServerCard = z.infer<typeof ServerCardSchema>;
