import { SERVER_INFO_META_KEY, classifyInboundRequest } from '@modelcontextprotocol/server';
import { IDEMPOTENCY_KEY_ARGUMENT, IDEMPOTENCY_PARAM_HEADER } from '../surface/idempotent-call';
import { serverInfo } from '../surface/server';
import { MCP_TOOL_NAMES, type McpToolContext, callMcpTool } from '../surface/tools';
import { isJsonObject } from './messages';
import { STATELESS_REVISIONS } from './protocol';

// The common request, one well-formed tools/call for a tool this server has, answered in JSON by callMcpTool
// without the SDK's dispatch (docs/mcp.md, "The direct tools/call"). Every other request goes to the SDK, and
// tests/unit/mcp/direct-call.test.ts holds both answers to be the same.

/** A tools/call the direct path can answer: its id, tool and arguments. */
export interface DirectCall {
  id: string | number;
  name: string;
  args: Record<string, unknown> | undefined;
  /** The params' `_meta`, as sent. */
  meta: unknown;
}

/**
 * The call in a posted body when it is one tools/call (not a batch) whose params hold only `keys`, naming a
 * tool of this server with an object (or no) `arguments`; undefined for anything else. The body has already
 * passed as JSON-RPC (messages.ts).
 */
export function directCallIn(body: unknown, keys: readonly string[]): DirectCall | undefined {
  if (!isJsonObject(body) || body.method !== 'tools/call') return undefined;
  const { id, params } = body;
  if ((typeof id !== 'string' && typeof id !== 'number') || !isJsonObject(params)) return undefined;
  for (const key in params) if (!keys.includes(key)) return undefined;
  const { name, arguments: args, _meta: meta } = params;
  if (typeof name !== 'string' || !MCP_TOOL_NAMES.includes(name)) return undefined;
  if (args !== undefined && !isJsonObject(args)) return undefined;
  return { id, name, args, meta };
}

function answer(id: string | number, result: unknown): Response {
  return Response.json({ jsonrpc: '2.0', id, result });
}

/** The era a POST was given to, as the direct path tells them apart: 2026-07-28 with the revision its header names. */
export type DirectCallEra = { kind: '2025' } | { kind: '2026-07-28'; revision: string | null };

/**
 * The one tools/call the direct path answers, in front of either era's module, exactly as that era's SDK path
 * would answer it; undefined when the SDK must answer.
 */
export function answerDirectCall(
  request: Request,
  body: unknown,
  era: DirectCallEra,
  context: McpToolContext,
): Promise<Response | undefined> {
  return era.kind === '2025' ? answer2025Call(body, context) : answer2026Call(request, body, era.revision, context);
}

/** A 2025-era tools/call, answered as the SDK's Server answers it; undefined when the SDK must. */
async function answer2025Call(body: unknown, context: McpToolContext): Promise<Response | undefined> {
  const call = directCallIn(body, ['name', 'arguments']);
  if (!call) return undefined;
  return answer(call.id, await callMcpTool(call.name, call.args, context));
}

/** How many distinct envelopes (a client's revision, info and capabilities) a process remembers the verdict on. */
const MAX_JUDGED_ENVELOPES = 256;
const servedEnvelopes = new Map<string, boolean>();

/**
 * True when the SDK's classifier routes this tools/call (MCP-Protocol-Version and Mcp-Method already equal to
 * the body's) to its 2026-07-28 path at `revision`: the `_meta` envelope valid against the spec's schema and
 * naming that revision. For a tools/call the verdict depends on the envelope and the revision alone, and a
 * client sends the same envelope every time, so it is remembered per envelope (bounded).
 */
function isServedEnvelope(body: unknown, meta: unknown, revision: string): boolean {
  const key = `${revision} ${JSON.stringify(meta) ?? ''}`;
  const known = servedEnvelopes.get(key);
  if (known !== undefined) return known;
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: revision,
    mcpMethodHeader: 'tools/call',
    body,
  });
  const served =
    route.kind === 'modern' && route.messageKind === 'request' && route.classification.revision === revision;
  if (servedEnvelopes.size >= MAX_JUDGED_ENVELOPES) servedEnvelopes.clear();
  servedEnvelopes.set(key, served);
  return served;
}

/**
 * A 2026-07-28 tools/call, answered as the SDK's createMcpHandler answers it; undefined when the SDK must.
 * `revision` is the MCP-Protocol-Version the SDK would be given. The envelope and the header cross-checks are
 * the SDK's own classifier; the headers it also requires must be present and equal to the body. A call
 * mirroring an argument into a header (x-mcp-header) is left to the SDK, which checks the pair.
 */
async function answer2026Call(
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
  if (!isServedEnvelope(body, call.meta, revision)) return undefined;
  const result = await callMcpTool(call.name, call.args, context);
  // What the 2026-07-28 codec adds to every complete result: its type and the server's identity.
  return answer(call.id, {
    ...result,
    resultType: 'complete',
    _meta: { [SERVER_INFO_META_KEY]: serverInfo(context.origin) },
  });
}
