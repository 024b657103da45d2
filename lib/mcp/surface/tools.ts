import {
  type CallToolResult,
  type ContentBlock,
  ProtocolError,
  ProtocolErrorCode,
  type Tool,
  type ToolAnnotations,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { inputJsonSchema, summariseFields } from '@/lib/agent/describe';
import { findResource } from '@/lib/agent/resources';
import { TOOLS, type ToolContext, type ToolDefinition, evaluateClientNeedsTool } from '@/lib/agent/tools';
import { ApiError, ValidationError, unexpectedError } from '@/lib/http/errors';
import { isJsonObject } from '../transport/messages';
import { describeProblems, validateInput } from '@/lib/http/validate';
import { appToolMeta } from './apps/tool-meta';
import { siteIcons } from './icons';
import { countToolCall } from '@/lib/counting/tool-counts';
import { DOCUMENT_TOOLS, type DocumentTool } from './document-tools';
import { type ListDocuments, documentLibrary } from './documents';
import { IDEMPOTENCY_KEY_ARGUMENT, idempotencyKeyProperty, runToolOnce, takeIdempotencyKey } from './idempotent-call';
import { allowsResourceLinks } from '../transport/protocol';

/** The names of every tool over MCP: the agent API's two, then search and fetch. */
export const MCP_TOOL_NAMES: readonly string[] = [...TOOLS, ...DOCUMENT_TOOLS].map((tool) => tool.name);

/** The MCP annotations of a tool, from its definition (MCP 2025-03-26, "Tool annotations"); search and fetch only read. */
export function toolAnnotations(tool: ToolDefinition | DocumentTool): ToolAnnotations {
  if (!('hints' in tool)) {
    return {
      title: tool.title,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    };
  }
  return {
    title: tool.title,
    readOnlyHint: !tool.sideEffects,
    destructiveHint: tool.hints.destructive,
    idempotentHint: tool.hints.idempotent,
    openWorldHint: tool.hints.openWorld,
  };
}

// The tools never change while the server runs: their JSON Schemas are derived once, not for each tools/list
// (the MCP server itself is built per request, server.ts); only the icon's origin varies.
let listed: Tool[] | undefined;

/**
 * The tools over MCP: the agent API's two, derived from lib/agent/tools.ts (the same descriptions, the same zod
 * schemas as JSON Schema, exactly what the manifest's `body` is derived from, the same validation wording and
 * `run` as REST), then search and fetch (document-tools.ts). Nothing about a tool is written twice.
 */
export function listMcpTools(origin: string): Tool[] {
  listed ??= [...TOOLS, ...DOCUMENT_TOOLS].map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: mcpInputSchema(tool),
    outputSchema: {
      type: 'object' as const,
      ...z.toJSONSchema(tool.output, { io: 'output', target: 'draft-2020-12' }),
    },
    annotations: toolAnnotations(tool),
    _meta: appToolMeta(tool.name),
  }));
  const icons = siteIcons(origin);
  return listed.map((tool) => ({ ...tool, icons }));
}

/** A tool's input as JSON Schema; a tool with side effects also takes the idempotency key (idempotent-call.ts). */
function mcpInputSchema(tool: ToolDefinition | DocumentTool): Tool['inputSchema'] {
  const schema = inputJsonSchema(tool.input);
  if (!('sideEffects' in tool) || !tool.sideEffects) return { ...schema, type: 'object' };
  const properties = z.record(z.string(), z.unknown()).parse(schema.properties ?? {});
  return {
    ...schema,
    type: 'object',
    properties: { ...properties, [IDEMPOTENCY_KEY_ARGUMENT]: idempotencyKeyProperty() },
  };
}

/**
 * What an MCP tool call knows beyond a REST one: the revision it speaks, which decides the content types, and
 * the documents search and fetch serve.
 */
export interface McpToolContext extends ToolContext {
  protocolVersion: string;
  listDocuments: ListDocuments;
}

/** A tool's arguments parsed by its input schema; a bad argument is a ValidationError worded as on REST. */
function validArguments<I extends z.ZodType>(tool: { name: string; input: I }, args: unknown): z.output<I> {
  const validated = validateInput(tool.input, args);
  if (validated.ok) return validated.data;
  throw new ValidationError(
    `The arguments of ${tool.name} are invalid: ${describeProblems(validated.problems)}.`,
    `Correct ${validated.problems.length === 1 ? 'that argument' : 'those arguments'} and call ${tool.name} again with ${summariseFields(tool.input)}.`,
  );
}

/** A tool of the agent API, at most once per idempotency key when one is given. */
async function runAgentTool(tool: ToolDefinition, args: unknown, context: McpToolContext): Promise<unknown> {
  const taken = takeIdempotencyKey(tool, args);
  const input = validArguments(tool, taken.args);
  const run = () => tool.run(input, context);
  return taken.key === undefined ? run() : runToolOnce(tool, taken.key, context.client, input, run);
}

/** search or fetch, over the documents of the request's origin; counted as the agent API's tools count themselves. */
function runDocumentTool(tool: DocumentTool, args: unknown, context: McpToolContext): unknown {
  const input = validArguments(tool, args);
  countToolCall(context.channel.kind, tool.name);
  return tool.run(input, documentLibrary(context.listDocuments, context.origin));
}

/**
 * tools/call. An unknown tool is a protocol error (MCP 2025-03-26, Tools: "Error Handling"); everything the
 * tool itself refuses (a bad argument, the mail quota, a mail server that said no) is a tool error result
 * with isError, the message and what to do, so the model can correct itself.
 */
export async function callMcpTool(name: string, args: unknown, context: McpToolContext): Promise<CallToolResult> {
  const tool: ToolDefinition | undefined = TOOLS.find((candidate) => candidate.name === name);
  const documentTool = DOCUMENT_TOOLS.find((candidate) => candidate.name === name);
  if (!tool && !documentTool) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown tool "${name}": this server has ${MCP_TOOL_NAMES.join(', ')}.`,
    );
  }
  try {
    const output = tool
      ? await runAgentTool(tool, args ?? {}, context)
      : documentTool && runDocumentTool(documentTool, args ?? {}, context);
    // The result is not parsed against CallToolResultSchema here: the SDK checks it before sending it, and the
    // direct path's answers are held to the SDK's in tests (lib/mcp/transport/direct-call.ts).
    const links = tool === evaluateClientNeedsTool && allowsResourceLinks(context.protocolVersion);
    return {
      // The serialized JSON beside structuredContent, for clients that read only text (MCP 2025-06-18, Tools).
      content: [
        { type: 'text', text: JSON.stringify(output) },
        ...(links ? engagementLink(RecommendedSchema.parse(output)) : []),
      ],
      structuredContent: asStructuredContent(output),
    };
  } catch (error) {
    const known = error instanceof ApiError ? error : unexpectedError(context.requestId, error, 'an MCP tool call');
    return {
      isError: true,
      content: [{ type: 'text', text: `${known.code}: ${known.message}\nResolution: ${known.resolution}` }],
    };
  }
}

/** A tool's output as structuredContent: the tools' output schemas are objects, so this is the output itself. */
function asStructuredContent(output: unknown): Record<string, unknown> {
  if (!isJsonObject(output)) throw new Error('a tool returned something other than an object');
  return output;
}

/** The part of evaluate's answer the link names: the recommended engagement's key and title. */
const RecommendedSchema = z
  .object({ recommended: z.object({ key: z.string(), title: z.string() }) })
  .describe('the recommended engagement of an EvaluateClientNeedsResponse');
type Recommended = z.infer<typeof RecommendedSchema>;

/**
 * A resource_link (MCP 2025-06-18) from evaluate's answer to the resource that describes the recommended
 * engagement in full: the engagements resource, whose entry has the recommended key.
 */
function engagementLink(answer: Recommended): ContentBlock[] {
  const resource = findResource('engagements');
  if (!resource) return [];
  return [
    {
      type: 'resource_link',
      uri: resource.uri,
      name: resource.name,
      title: `${answer.recommended.title}: ${resource.title}`,
      description: `The recommended engagement, ${answer.recommended.title}, is the entry with key "${answer.recommended.key}" in ${resource.title}.`,
      mimeType: resource.mimeType,
    },
  ];
}
