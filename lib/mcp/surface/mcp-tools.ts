import {
  type CallToolResult,
  type ContentBlock,
  ProtocolError,
  ProtocolErrorCode,
  type Tool,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { inputJsonSchema, summariseFields } from '@/lib/agent/describe';
import { findResource } from '@/lib/agent/resources';
import type { EvaluateClientNeedsResponse } from '@/lib/agent/agent-schemas';
import { TOOLS, evaluateClientNeedsTool } from '@/lib/agent/tools';
import { ApiError, ValidationError, unexpectedError } from '@/lib/api-errors';
import { describeProblems, validateInput } from '@/lib/http/validate';
import { isJsonObject } from '@/lib/text/json-object';
import { IDEMPOTENCY_KEY_ARGUMENT, allowsResourceLinks } from '../protocol';
import { appToolMeta } from './apps/tool-meta';
import { prepareConsultationRequestTool } from './apps/prepare-request-tool';
import { fetchTool, searchTool } from './document-tools';
import { siteIcons } from './icons';
import { idempotencyKeyProperty, withIdempotencyKey } from './idempotent-call';
import type { McpTool, McpToolContext } from './mcp-tool';

/** Every tool over MCP: the agent API's two (lib/agent/tools.ts), then search and fetch and the request view's. */
const MCP_TOOLS: readonly McpTool[] = [...TOOLS, searchTool, fetchTool, prepareConsultationRequestTool];

export const MCP_TOOL_NAMES: readonly string[] = MCP_TOOLS.map((tool) => tool.name);

// The tools never change while the server runs: their JSON Schemas are derived once, not for each tools/list
// (the MCP server itself is built per request, server.ts); only the icon's origin varies.
let listed: Tool[] | undefined;

/**
 * The tools as tools/list gives them: for the agent API's two, the same descriptions and the same zod schemas as
 * JSON Schema that the manifest's `body` is derived from. Nothing about a tool is written twice.
 */
export function listMcpTools(origin: string): Tool[] {
  listed ??= MCP_TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: mcpInputSchema(tool),
    outputSchema: {
      type: 'object' as const,
      ...z.toJSONSchema(tool.output, { io: 'output', target: 'draft-2020-12' }),
    },
    // MCP 2025-03-26, "Tool annotations".
    annotations: {
      title: tool.title,
      readOnlyHint: !tool.sideEffects,
      destructiveHint: tool.hints.destructive,
      idempotentHint: tool.hints.idempotent,
      openWorldHint: tool.hints.openWorld,
    },
    _meta: appToolMeta(tool.name),
  }));
  const icons = siteIcons(origin);
  return listed.map((tool) => ({ ...tool, icons }));
}

/** A tool's input as JSON Schema; a tool with side effects also takes the idempotency key (idempotent-call.ts). */
function mcpInputSchema(tool: McpTool): Tool['inputSchema'] {
  const schema = inputJsonSchema(tool.input);
  if (!tool.sideEffects) return { ...schema, type: 'object' };
  const properties = z.record(z.string(), z.unknown()).parse(schema.properties ?? {});
  return {
    ...schema,
    type: 'object',
    properties: { ...properties, [IDEMPOTENCY_KEY_ARGUMENT]: idempotencyKeyProperty() },
  };
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

/** Each tool's call by name: its arguments parsed, and run at most once per idempotency key when it has side effects. */
const HANDLERS = new Map(
  MCP_TOOLS.map((tool) => {
    const parse = (args: unknown) => validArguments(tool, args);
    const run = async (input: unknown, context: McpToolContext) => tool.run(input, context);
    const call = tool.sideEffects
      ? withIdempotencyKey(tool.name, parse, run)
      : async (args: unknown, context: McpToolContext) => run(parse(args), context);
    return [tool.name, call] as const;
  }),
);

/**
 * tools/call. An unknown tool is a protocol error (MCP 2025-03-26, Tools: "Error Handling"); what the tool refuses
 * is a result with isError, the message and what to do, so the model can correct itself.
 */
export async function callMcpTool(name: string, args: unknown, context: McpToolContext): Promise<CallToolResult> {
  const call = HANDLERS.get(name);
  if (!call) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown tool "${name}": this server has ${MCP_TOOL_NAMES.join(', ')}.`,
    );
  }
  try {
    const output = await call(args ?? {}, context);
    if (!isJsonObject(output)) throw new Error('a tool returned something other than an object');
    // Not parsed against CallToolResultSchema here: the SDK checks it before sending it.
    const links = name === evaluateClientNeedsTool.name && allowsResourceLinks(context.channel.protocolVersion);
    return {
      // The serialized JSON beside structuredContent, for clients that read only text (MCP 2025-06-18, Tools).
      content: [
        { type: 'text', text: JSON.stringify(output) },
        ...(links ? engagementLink(output as EvaluateClientNeedsResponse) : []),
      ],
      structuredContent: output,
    };
  } catch (error) {
    const known = error instanceof ApiError ? error : unexpectedError(context.requestId, error, 'an MCP tool call');
    return {
      isError: true,
      content: [{ type: 'text', text: `${known.code}: ${known.message}\nResolution: ${known.resolution}` }],
    };
  }
}

// Looked up once: the resources are fixed in code.
const ENGAGEMENTS_RESOURCE = findResource('engagements');

/**
 * A resource_link (MCP 2025-06-18) from evaluate's answer to the resource that describes the recommended
 * engagement in full: the engagements resource, whose entry has the recommended key.
 */
function engagementLink({ recommended }: EvaluateClientNeedsResponse): ContentBlock[] {
  const resource = ENGAGEMENTS_RESOURCE;
  if (!resource) return [];
  return [
    {
      type: 'resource_link',
      uri: resource.uri,
      name: resource.name,
      title: `${recommended.title}: ${resource.title}`,
      description: `The recommended engagement, ${recommended.title}, is the entry with key "${recommended.key}" in ${resource.title}.`,
      mimeType: resource.mimeType,
    },
  ];
}
