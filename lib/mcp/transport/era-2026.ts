import { createMcpHandler, isJSONRPCRequest } from '@modelcontextprotocol/server';
import { TOOLS } from '@/lib/agent/tools';
import {
  IDEMPOTENCY_KEY_ARGUMENT,
  IDEMPOTENCY_PARAM_HEADER,
  NamedRequestSchema,
  REMOVED_IN_STATELESS,
  type SurfaceForPost,
} from '../protocol';
import { HEADER_MISMATCH, jsonRpcErrorResponse } from './mcp-errors';
import { type ResponseMode, requestForTransport } from './messages';

/** The surface each request handed to the SDK's entry is served by. */
const surfaces = new WeakMap<Request, SurfaceForPost>();

function lendFor(request: Request | undefined) {
  const surface = request && surfaces.get(request);
  if (!surface) throw new Error('an MCP request reached the SDK without the facts of its POST');
  return surface.lend(request);
}

// The SDK's entry, made once per process, is lent a server for each request ('auto' is one JSON body).
const handlers = {
  json: createMcpHandler(({ requestInfo }) => lendFor(requestInfo), { legacy: 'reject', responseMode: 'auto' }),
  sse: createMcpHandler(({ requestInfo }) => lendFor(requestInfo), { legacy: 'reject', responseMode: 'sse' }),
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
 * A request (never a batch) with a mistake, answered before the SDK's entry as that entry answers an error a
 * handler throws: 200, as JSON or as one SSE event. A method the revision removed is left to the SDK.
 */
function refuseMistake(body: unknown, surface: SurfaceForPost, mode: ResponseMode): Response | undefined {
  if (isJSONRPCRequest(body) && REMOVED_IN_STATELESS.includes(body.method)) return undefined;
  const answer = surface.mistakeIn(body);
  if (!answer) return undefined;
  if (mode === 'json') return Response.json(answer);
  return new Response(`event: message\ndata: ${JSON.stringify(answer)}\n\n`, {
    headers: { 'Content-Type': 'text/event-stream' },
  });
}

/**
 * A 2026-07-28 request (MCP 2026-07-28, "Transports"): the SDK's own entry answers server/discover and checks the
 * envelope and the Mcp-Method/Mcp-Name headers. `revision`, when given, stands in for MCP-Protocol-Version.
 */
export async function serve2026(
  request: Request,
  body: unknown,
  surface: SurfaceForPost,
  mode: ResponseMode,
  revision?: string | null,
): Promise<Response> {
  const refused = refuseUnmirroredKey(request, body) ?? refuseMistake(body, surface, mode);
  if (refused) return refused;
  const forSdk = requestForTransport(request, revision ? { 'mcp-protocol-version': revision } : {});
  surfaces.set(forSdk, surface);
  return handlers[mode].fetch(forSdk, { parsedBody: body });
}
