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
import { ApiError, InternalError, ValidationError } from '@/lib/http/errors';
import { isJsonObject } from './messages';
import { describeProblems, validateInput } from '@/lib/http/validate';
import { siteIcons } from './icons';
import { IDEMPOTENCY_KEY_ARGUMENT, idempotencyKeyProperty, runToolOnce, takeIdempotencyKey } from './idempotent-call';
import { allowsResourceLinks } from './protocol';

/** The MCP annotations of a tool, from its definition in lib/agent (MCP 2025-03-26, "Tool annotations"). */
export function toolAnnotations(tool: ToolDefinition): ToolAnnotations {
  return {
    title: tool.title,
    readOnlyHint: !tool.sideEffects,
    destructiveHint: tool.hints.destructive,
    idempotentHint: tool.hints.idempotent,
    openWorldHint: tool.hints.openWorld,
  };
}

// The tools never change while the server runs: their JSON Schemas are derived once, not for each tools/list
// (the MCP server itself is built per request, lib/mcp/sdk-server.ts); only the icon's origin varies.
let listed: Tool[] | undefined;

/**
 * The two tools over MCP, derived from lib/agent/tools.ts: the same descriptions, the same zod schemas (as
 * JSON Schema, exactly what the manifest's `body` is derived from), the same validation wording and the same
 * `run` as REST. Nothing about a tool is written here a second time.
 */
export function listMcpTools(origin: string): Tool[] {
  listed ??= TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: mcpInputSchema(tool),
    outputSchema: {
      type: 'object' as const,
      ...z.toJSONSchema(tool.output, { io: 'output', target: 'draft-2020-12' }),
    },
    annotations: toolAnnotations(tool),
  }));
  const icons = siteIcons(origin);
  return listed.map((tool) => ({ ...tool, icons }));
}

/** A tool's input as JSON Schema; a tool with side effects also takes the idempotency key (lib/mcp/idempotent-call.ts). */
function mcpInputSchema(tool: ToolDefinition): Tool['inputSchema'] {
  const schema = inputJsonSchema(tool.input);
  if (!tool.sideEffects) return { ...schema, type: 'object' };
  const properties = z.record(z.string(), z.unknown()).parse(schema.properties ?? {});
  return {
    ...schema,
    type: 'object',
    properties: { ...properties, [IDEMPOTENCY_KEY_ARGUMENT]: idempotencyKeyProperty() },
  };
}

/** What an MCP tool call knows beyond a REST one: the revision it speaks, which decides the content types. */
export interface McpToolContext extends ToolContext {
  protocolVersion: string;
}

/**
 * tools/call. An unknown tool is a protocol error (MCP 2025-03-26, Tools: "Error Handling"); everything the
 * tool itself refuses (a bad argument, the mail quota, a mail server that said no) is a tool error result
 * with isError, the message and what to do, so the model can correct itself.
 */
export async function callMcpTool(name: string, args: unknown, context: McpToolContext): Promise<CallToolResult> {
  const tool: ToolDefinition | undefined = TOOLS.find((candidate) => candidate.name === name);
  if (!tool) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Unknown tool "${name}": this server has ${TOOLS.map((t) => t.name).join(' and ')}.`,
    );
  }
  try {
    const taken = takeIdempotencyKey(tool, args ?? {});
    const validated = validateInput(tool.input, taken.args);
    if (!validated.ok) {
      throw new ValidationError(
        `The arguments of ${tool.name} are invalid: ${describeProblems(validated.problems)}.`,
        `Correct ${validated.problems.length === 1 ? 'that argument' : 'those arguments'} and call ${tool.name} again with ${summariseFields(tool.input)}.`,
      );
    }
    const run = () => tool.run(validated.data, context);
    const output =
      taken.key === undefined ? await run() : await runToolOnce(tool, taken.key, context.client, validated.data, run);
    // The result is not parsed against CallToolResultSchema here: the SDK checks it before sending it, and the
    // direct path's answers are held to the SDK's in tests (lib/mcp/direct-call.ts).
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
    const known = asApiError(error, context.requestId);
    return {
      isError: true,
      content: [{ type: 'text', text: `${known.code}: ${known.message}\nResolution: ${known.resolution}` }],
    };
  }
}

/** What toErrorResponse (lib/http/api-route.ts) does for REST: unknown failures become a logged 500 with a request id. */
function asApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof ApiError) return error;
  console.error(`[${requestId}] unexpected error in an MCP tool call`, error);
  return new InternalError(
    `An unexpected error occurred (request id ${requestId}).`,
    `Try again shortly; if it persists, report the request id ${requestId} to the site owner.`,
  );
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
