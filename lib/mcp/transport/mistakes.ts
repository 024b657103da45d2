import { type JSONRPCErrorResponse, type Transport, isJSONRPCRequest } from '@modelcontextprotocol/server';
import { promptMistake } from '../surface/prompts';
import { resourceMistake } from '../surface/mcp-resources';
import type { ResponseMode } from './messages';
import { paramsMistake } from '../surface/params';
import { REMOVED_IN_STATELESS } from '../protocol';

// One wording for a client's mistake in a request, in both eras (docs/mcp-clients.md, "Mistakes"): a name this
// server does not have lists the ones it has; params that do not fit the method name the field and what it expects.

/** The JSON-RPC error that answers a request with a mistake in it, with the request's id; undefined for anything else. */
export function mistakeIn(message: unknown): JSONRPCErrorResponse | undefined {
  if (!isJSONRPCRequest(message)) return undefined;
  const error = promptMistake(message) ?? resourceMistake(message) ?? paramsMistake(message);
  return error && { jsonrpc: '2.0', id: message.id, error };
}

/**
 * A 2026-07-28 request (never a batch) with a mistake, answered before the SDK's entry as that entry answers an
 * error a handler throws: 200, as JSON or as one SSE event. A method the revision removed is left to the SDK.
 */
export function refuseMistake(body: unknown, mode: ResponseMode): Response | undefined {
  if (isJSONRPCRequest(body) && REMOVED_IN_STATELESS.includes(body.method)) return undefined;
  const answer = mistakeIn(body);
  if (!answer) return undefined;
  if (mode === 'json') return Response.json(answer);
  return new Response(`event: message\ndata: ${JSON.stringify(answer)}\n\n`, {
    headers: { 'Content-Type': 'text/event-stream' },
  });
}

/**
 * Answers each request with a mistake that reaches `transport` itself, and passes every other message to the
 * server connected to it: a 2025-era POST, where one message of a batch may be wrong and the others right.
 */
export function refuseMistakesOn(transport: Transport): void {
  const dispatch = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const answer = mistakeIn(message);
    if (answer) void transport.send(answer);
    else dispatch?.(message, extra);
  };
}
