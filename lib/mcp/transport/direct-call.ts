import { SERVER_INFO_META_KEY, classifyInboundRequest } from '@modelcontextprotocol/server';
import { IDEMPOTENCY_KEY_ARGUMENT, IDEMPOTENCY_PARAM_HEADER } from '../surface/idempotent-call';
import { serverInfo } from '../surface/server';
import type { McpToolContext } from '../surface/mcp-tool';
import { MCP_TOOL_NAMES, callMcpTool } from '../surface/mcp-tools';
import { isJsonObject } from '@/lib/text/json-object';
import { isStatelessRevision } from './protocol';

// The common request, a plain tools/call, answered without the SDK's dispatch for speed (docs/mcp.md, "The direct
// tools/call"); tests/unit/mcp/direct-call.test.ts holds its answers to the SDK's.

/** The call when the body is one tools/call of a tool this server has, with params of only `keys`. */
function directCallIn(body: unknown, keys: readonly string[]) {
  if (!isJsonObject(body) || body.method !== 'tools/call') return undefined;
  const { id, params } = body;
  if ((typeof id !== 'string' && typeof id !== 'number') || !isJsonObject(params)) return undefined;
  for (const key in params) if (!keys.includes(key)) return undefined;
  const { name, arguments: args, _meta: meta } = params;
  if (typeof name !== 'string' || !MCP_TOOL_NAMES.includes(name)) return undefined;
  if (args !== undefined && !isJsonObject(args)) return undefined;
  return { id, name, args, meta };
}

const answer = (id: string | number, result: unknown) => Response.json({ jsonrpc: '2.0', id, result });

/**
 * The answer the era's SDK path would give a plain tools/call; undefined when the SDK must answer. A 2026-07-28 call
 * is judged by the SDK's own classifier, and one carrying the idempotency key is left to era-2026.ts.
 */
export async function answerDirectCall(
  request: Request,
  body: unknown,
  era: { kind: '2025' } | { kind: '2026-07-28'; revision: string | null },
  context: McpToolContext,
): Promise<Response | undefined> {
  if (era.kind === '2025') {
    const call = directCallIn(body, ['name', 'arguments']);
    return call && answer(call.id, await callMcpTool(call.name, call.args, context));
  }
  const { revision } = era;
  const call = directCallIn(body, ['name', 'arguments', '_meta']);
  if (!call || revision === null || !isStatelessRevision(revision)) return undefined;
  if (request.headers.get('mcp-method') !== 'tools/call' || request.headers.get('mcp-name') !== call.name) {
    return undefined;
  }
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

/** How many envelopes (a client's revision, info and capabilities) a process remembers the verdict on. */
const MAX_JUDGED_ENVELOPES = 256;
const servedEnvelopes = new Map<string, boolean>();

/** Whether the SDK's classifier serves this call at `revision`: it depends on the envelope alone, so it is remembered. */
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
