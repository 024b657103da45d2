import { ApiError } from '@/lib/api-errors';

// HTTP-level errors of /api/mcp, in the site's one envelope (docs/agent-api.md, "Errors"); only a body that
// cannot be read as JSON-RPC is answered in JSON-RPC's own error form (jsonRpcErrorResponse).

/** 400: a request that needs a session (DELETE) named none: no Mcp-Session-Id, or an empty one. */
export class SessionRequiredError extends ApiError {
  readonly status = 400;
  readonly code = 'SESSION_REQUIRED';
}

/**
 * 507: DELETE could not record the session as ended: the store holds its most ended sessions (MCP_MAX_SESSIONS),
 * none past its lifetime, and forgetting one would make that id work again. This id still works.
 */
export class SessionStoreFullError extends ApiError {
  readonly status = 507;
  readonly code = 'SESSION_STORE_FULL';
}

/** 400: MCP-Protocol-Version names a revision the server does not speak. */
export class ProtocolVersionError extends ApiError {
  readonly status = 400;
  readonly code = 'UNSUPPORTED_PROTOCOL_VERSION';
}

/** 406: the client accepts neither application/json nor text/event-stream. */
export class NotAcceptableError extends ApiError {
  readonly status = 406;
  readonly code = 'NOT_ACCEPTABLE';
}

/** 415: the body was not sent as JSON. */
export class UnsupportedMediaTypeError extends ApiError {
  readonly status = 415;
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
}

/** MCP 2026-07-28: an HTTP header disagrees with the body it mirrors. */
export const HEADER_MISMATCH = -32020;

/** A JSON-RPC error with HTTP 400, as the transport answers a body it cannot take; `data` says what to fix. */
export function jsonRpcErrorResponse(
  code: number,
  message: string,
  data: { code: string; resolution: string },
  id: string | number | null = null,
): Response {
  return Response.json(
    { jsonrpc: '2.0', id, error: { code, message, data } },
    { status: 400, headers: { 'Cache-Control': 'no-store' } },
  );
}
