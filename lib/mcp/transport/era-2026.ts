import { createMcpHandler } from '@modelcontextprotocol/server';
import { TOOLS } from '@/lib/agent/tools';
import { IDEMPOTENCY_KEY_ARGUMENT, IDEMPOTENCY_PARAM_HEADER } from '../surface/idempotent-call';
import { NamedRequestSchema } from '../surface/request-schemas';
import { bindPostContext, lendMcpServer } from '../surface/server';
import type { McpToolContext } from '../surface/mcp-tool';
import { HEADER_MISMATCH, jsonRpcErrorResponse } from './mcp-errors';
import { type ResponseMode, requestForTransport } from './messages';
import { refuseMistake } from './mistakes';

// The SDK's entry, made once per process, is lent a server for each request ('auto' is one JSON body).
const handlers = {
  json: createMcpHandler(({ requestInfo }) => lendMcpServer(requestInfo, '2026'), {
    legacy: 'reject',
    responseMode: 'auto',
  }),
  sse: createMcpHandler(({ requestInfo }) => lendMcpServer(requestInfo, '2026'), {
    legacy: 'reject',
    responseMode: 'sse',
  }),
};

const CallSchema = NamedRequestSchema('tools/call');

/** An `Mcp-Param-*` value: the `=?base64?…?=` form decoded (MCP 2026-07-28, "Value Encoding"), or undefined when broken. */
function decodeParamHeader(value: string): string | undefined {
  const wrapped = /^=\?base64\?(.*)\?=$/.exec(value);
  if (!wrapped) return value;
  const payload = wrapped[1] ?? '';
  const decoded = Buffer.from(payload, 'base64');
  return decoded.toString('base64') === payload ? decoded.toString('utf8') : undefined;
}

/**
 * 400 and -32020 when a tools/call's idempotency key is not mirrored in its Mcp-Param header, as its x-mcp-header
 * asks: the SDK checks the pair only for tools given to McpServer.registerTool, and ours are not (surface/server.ts).
 */
function refuseUnmirroredKey(request: Request, body: unknown): Response | undefined {
  const call = CallSchema.safeParse(body).data;
  const key = call?.params.arguments?.[IDEMPOTENCY_KEY_ARGUMENT];
  const tool = TOOLS.find((candidate) => candidate.name === call?.params.name);
  if (!call || !tool?.sideEffects || typeof key !== 'string') return undefined;
  const header = request.headers.get(IDEMPOTENCY_PARAM_HEADER);
  if (header !== null && decodeParamHeader(header) === key) return undefined;
  const message =
    header === null
      ? `Bad Request: the body carries ${IDEMPOTENCY_KEY_ARGUMENT} but the ${IDEMPOTENCY_PARAM_HEADER} header is absent.`
      : `Bad Request: the ${IDEMPOTENCY_PARAM_HEADER} header does not match ${IDEMPOTENCY_KEY_ARGUMENT} in the body.`;
  const resolution = `Send ${IDEMPOTENCY_PARAM_HEADER} with the same value as the ${IDEMPOTENCY_KEY_ARGUMENT} argument (its inputSchema declares x-mcp-header).`;
  return jsonRpcErrorResponse(HEADER_MISMATCH, message, { code: 'HEADER_MISMATCH', resolution }, call.id);
}

/**
 * A 2026-07-28 request (MCP 2026-07-28, "Transports"): the SDK's own entry answers server/discover and checks the
 * envelope and the Mcp-Method/Mcp-Name headers. `revision`, when given, stands in for MCP-Protocol-Version.
 */
export async function serve2026(
  request: Request,
  body: unknown,
  toolContext: McpToolContext,
  mode: ResponseMode,
  revision?: string | null,
): Promise<Response> {
  const refused = refuseUnmirroredKey(request, body) ?? refuseMistake(body, mode);
  if (refused) return refused;
  const forSdk = requestForTransport(request, revision ? { 'mcp-protocol-version': revision } : {});
  bindPostContext(forSdk, toolContext);
  return handlers[mode].fetch(forSdk, { parsedBody: body });
}
