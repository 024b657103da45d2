import { SERVER_INFO_META_KEY, classifyInboundRequest } from '@modelcontextprotocol/server';
import { TOOLS } from '@/lib/agent/tools';
import { IDEMPOTENCY_KEY_ARGUMENT, IDEMPOTENCY_PARAM_HEADER } from './idempotent-call';
import { STATELESS_REVISIONS } from './protocol';
import { serverInfo } from './sdk-server';
import { type McpToolContext, callMcpTool } from './tools';

// The common request, one well-formed tools/call for a tool this server has, answered in JSON by callMcpTool
// without the SDK's dispatch (docs/mcp.md, "The direct tools/call"). Every other request goes to the SDK, and
// tests/unit/mcp/direct-call.test.ts holds both answers to be the same.

/** A tools/call the direct path can answer: its id, tool and arguments. */
export interface DirectCall {
  id: string | number;
  name: string;
  args: Record<string, unknown> | undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The call in a posted body when it is one tools/call (not a batch) whose params hold only `keys`, naming a
 * tool of this server with an object (or no) `arguments`; undefined for anything else. The body has already
 * passed as JSON-RPC (lib/mcp/messages.ts).
 */
export function directCallIn(body: unknown, keys: readonly string[]): DirectCall | undefined {
  if (!isPlainObject(body) || body.method !== 'tools/call') return undefined;
  const { id, params } = body;
  if ((typeof id !== 'string' && typeof id !== 'number') || !isPlainObject(params)) return undefined;
  for (const key in params) if (!keys.includes(key)) return undefined;
  const { name, arguments: args } = params;
  if (typeof name !== 'string' || !TOOLS.some((tool) => tool.name === name)) return undefined;
  if (args !== undefined && !isPlainObject(args)) return undefined;
  return { id, name, args };
}

function answer(id: string | number, result: unknown): Response {
  return Response.json({ jsonrpc: '2.0', id, result }, { headers: { 'Content-Type': 'application/json' } });
}

/** A 2025-era tools/call in a session, answered as the SDK's Server answers it; undefined when the SDK must. */
export async function answerSessionCall(body: unknown, context: McpToolContext): Promise<Response | undefined> {
  const call = directCallIn(body, ['name', 'arguments']);
  if (!call) return undefined;
  return answer(call.id, await callMcpTool(call.name, call.args, context));
}

/**
 * A 2026-07-28 tools/call, answered as the SDK's createMcpHandler answers it; undefined when the SDK must.
 * `revision` is the MCP-Protocol-Version the SDK would be given. The envelope and the header cross-checks are
 * the SDK's own classifier; the headers it also requires must be present and equal to the body. A call
 * mirroring an argument into a header (x-mcp-header) is left to the SDK, which checks the pair.
 */
export async function answerStatelessCall(
  request: Request,
  body: unknown,
  revision: string | null,
  context: McpToolContext,
): Promise<Response | undefined> {
  const call = directCallIn(body, ['name', 'arguments', '_meta']);
  if (!call || revision === null || !(STATELESS_REVISIONS as readonly string[]).includes(revision)) return undefined;
  const method = request.headers.get('mcp-method');
  if (method !== 'tools/call' || request.headers.get('mcp-name') !== call.name) return undefined;
  if ((call.args && IDEMPOTENCY_KEY_ARGUMENT in call.args) || request.headers.has(IDEMPOTENCY_PARAM_HEADER)) {
    return undefined;
  }
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: revision,
    mcpMethodHeader: method,
    mcpNameHeader: call.name,
    body,
  });
  if (route.kind !== 'modern' || route.messageKind !== 'request' || route.classification.revision !== revision) {
    return undefined;
  }
  const result = await callMcpTool(call.name, call.args, context);
  // What the 2026-07-28 codec adds to every complete result: its type and the server's identity.
  return answer(call.id, {
    ...result,
    resultType: 'complete',
    _meta: { [SERVER_INFO_META_KEY]: serverInfo(context.origin) },
  });
}
