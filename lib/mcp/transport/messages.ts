import {
  INVALID_REQUEST,
  type InitializeRequest,
  type JSONRPCErrorResponse,
  PARSE_ERROR,
  isInitializeRequest,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResponse,
  isJsonContentType,
} from '@modelcontextprotocol/server';
import { type ApiContext, generalQuota } from '@/lib/http/api-route';
import { readBodyText, requireIdentityEncoding } from '@/lib/http/body';
import { PayloadTooLargeError } from '@/lib/api-errors';
import { preferredMediaType } from '@/lib/http/negotiate';
import { envelopeOf, methodOf } from '../protocol';
import { NotAcceptableError, UnsupportedMediaTypeError, jsonRpcErrorResponse } from './mcp-errors';

/** The largest body /api/mcp reads: room for a batch of several tool calls at their longest. */
const MCP_MAX_BODY_BYTES = 64 * 1024;

/** How a POST is answered: one JSON body, or an SSE stream. */
export type ResponseMode = 'json' | 'sse';

/** application/json unless the client accepts only text/event-stream (then the answer is an SSE stream). */
export function responseMode(request: Request): ResponseMode {
  if (preferredMediaType(request, ['application/json'])) return 'json';
  if (preferredMediaType(request, ['text/event-stream'])) return 'sse';
  throw new NotAcceptableError(
    `POST /api/mcp answers application/json or text/event-stream, and Accept allows neither ("${request.headers.get('accept')}").`,
    'Send Accept: application/json, text/event-stream.',
  );
}

/** A POST body read and checked: the parsed JSON (handed to the SDK as is), and the initialize it is, if one. */
export interface PostedMessages {
  body: unknown;
  initialize?: InitializeRequest;
}

const RESOLUTION =
  'Send one JSON-RPC 2.0 message, or an array of them (a batch), as JSON with Content-Type: application/json. ' +
  'Start with an initialize request; GET /api/mcp describes the server.';

const invalidRequest = (what: string) =>
  jsonRpcErrorResponse(INVALID_REQUEST, `Invalid Request: ${what}.`, {
    code: 'INVALID_JSON_RPC',
    resolution: RESOLUTION,
  });

/**
 * Reads the JSON-RPC message(s) of a POST (Streamable HTTP, 2025-03-26, "Sending Messages to the Server"):
 * a ready Response for a body that is not JSON (-32700) or not JSON-RPC (-32600); throws 415 (not sent as JSON,
 * or compressed) and 413, answered in the envelope as the transport's other HTTP-level errors. An initialize with a
 * mistake in it is answered with the surface's `mistakeIn`, as no session can start.
 */
export async function readPostedMessages(
  request: Request,
  mistakeIn: (message: unknown) => JSONRPCErrorResponse | undefined,
): Promise<PostedMessages | Response> {
  const type = request.headers.get('content-type');
  if (!isJsonContentType(type)) {
    throw new UnsupportedMediaTypeError(
      `The body must be sent with Content-Type: application/json${type ? `; got "${type}"` : ', but none was sent'}.`,
      RESOLUTION,
    );
  }
  requireIdentityEncoding(request);
  const text = await readBodyText(request, MCP_MAX_BODY_BYTES);
  if (text === undefined) {
    throw new PayloadTooLargeError(
      `The request body is larger than ${MCP_MAX_BODY_BYTES} bytes.`,
      `Send at most ${MCP_MAX_BODY_BYTES} bytes per POST; split a large batch into several requests.`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'unreadable';
    return jsonRpcErrorResponse(PARSE_ERROR, `Parse error: the body is not valid JSON (${detail}).`, {
      code: 'INVALID_JSON',
      resolution: RESOLUTION,
    });
  }
  const messages = Array.isArray(body) ? body : [body];
  const invalid = messages.findIndex((message) => !isJsonRpcMessage(message));
  if (messages.length === 0) return invalidRequest('the batch is empty');
  if (invalid >= 0) {
    const which = Array.isArray(body) ? `message ${invalid + 1} of the batch` : 'the body';
    return invalidRequest(`${which} is not a JSON-RPC 2.0 request, notification or response`);
  }
  // An initialize inside a 2026-07-28 envelope asks for a method that revision removed: the SDK's stateless
  // entry answers it (404, -32601), not the 2025 lifecycle.
  const initializing = messages.filter((message) => methodOf(message) === 'initialize' && !envelopeOf(message));
  if (initializing.length === 0) return { body };
  const [initialize] = initializing;
  if (Array.isArray(body)) return invalidRequest('initialize must be sent alone, not in a batch');
  const mistake = mistakeIn(initialize);
  if (mistake) return Response.json(mistake, { headers: { 'Cache-Control': 'no-store' } });
  if (!isInitializeRequest(initialize)) {
    return invalidRequest('initialize needs params.protocolVersion, params.capabilities and params.clientInfo');
  }
  return { body, initialize };
}

const isJsonRpcMessage = (message: unknown) =>
  isJSONRPCRequest(message) || isJSONRPCNotification(message) || isJSONRPCResponse(message);

/**
 * A batch costs the general quota what its messages would cost sent one by one: apiRoute counted the POST once,
 * each further message counts here, and past the quota the whole batch is 429 before any of it runs.
 */
export async function countBatch(body: unknown, context: ApiContext): Promise<void> {
  if (!Array.isArray(body)) return;
  const quota = generalQuota();
  for (let counted = 1; counted < body.length && quota.limit > 0; counted += 1) await context.consume(quota);
}

/**
 * The POST as the SDK's transport is given it: the body goes beside it, parsed, and Accept names both types as
 * the 2025-03-26 transport asks of clients (the response mode was chosen before). `headers` are set on top. A
 * request that already says all that is handed on as it is: most clients send both types, and a copy costs.
 */
export function requestForTransport(request: Request, headers: Record<string, string> = {}): Request {
  const accept = request.headers.get('accept') ?? '';
  const ready =
    accept.includes('application/json') &&
    accept.includes('text/event-stream') &&
    Object.entries(headers).every(([name, value]) => request.headers.get(name) === value);
  if (ready) return request;
  const copy = new Headers(request.headers);
  copy.set('accept', 'application/json, text/event-stream');
  copy.delete('content-length');
  for (const [name, value] of Object.entries(headers)) copy.set(name, value);
  return new Request(request.url, { method: 'POST', headers: copy });
}
