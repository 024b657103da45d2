import { type McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { TOOLS } from '@/lib/agent/tools';
import { IDEMPOTENCY_PARAM_HEADER, idempotencyHeaderMismatch } from '../surface/idempotent-call';
import { refusePromptArguments } from '../surface/prompt-arguments';
import { buildMcpServerForPost } from '../surface/server';
import type { McpToolContext } from '../surface/tools';
import { HEADER_MISMATCH, jsonRpcErrorResponse } from './errors';
import { requestForTransport } from './messages';
import type { ResponseMode } from './response-mode';

/** The server built for each request the handlers below are given, found by the request itself. */
const servers = new WeakMap<Request, McpServer>();

function serverFor(request: Request | undefined): McpServer {
  const server = request && servers.get(request);
  if (!server) throw new Error('a 2026-07-28 request reached the SDK without its server');
  return server;
}

// The SDK's entry, made once per process: it calls back for each request's server, which is built for that
// request alone ('auto' answers one JSON body, as this server sends nothing before a result; 'sse' when that is
// all Accept allows).
const handlers = {
  json: createMcpHandler(({ requestInfo }) => serverFor(requestInfo), { legacy: 'reject', responseMode: 'auto' }),
  sse: createMcpHandler(({ requestInfo }) => serverFor(requestInfo), { legacy: 'reject', responseMode: 'sse' }),
};

/**
 * A 2026-07-28 request (MCP 2026-07-28, "Transports"): no initialize and no session; the SDK's own HTTP entry
 * answers server/discover, checks the `_meta` envelope and the Mcp-Method/Mcp-Name headers, and answers with
 * that revision's error codes. The server is the same one the 2025 era gets, built for this request alone.
 * `revision`: the one the envelope names, given to the SDK in place of a header that named a 2025 revision.
 */
export async function serve2026(
  request: Request,
  body: unknown,
  toolContext: McpToolContext,
  mode: ResponseMode,
  revision?: string,
): Promise<Response> {
  return (
    refuseHeaderMismatch(request, body) ??
    refusePromptArguments(body) ??
    (await serveStatelessWithSdk(request, body, toolContext, mode, revision))
  );
}

/** The 400 (-32020) for an idempotency key argument its Mcp-Param header does not mirror; undefined when it does. */
function refuseHeaderMismatch(request: Request, body: unknown): Response | undefined {
  const mismatch = idempotencyHeaderMismatch(request, body, TOOLS);
  if (!mismatch) return undefined;
  return jsonRpcErrorResponse(
    HEADER_MISMATCH,
    mismatch.message,
    {
      code: 'HEADER_MISMATCH',
      resolution: `Send ${IDEMPOTENCY_PARAM_HEADER} with the same value as the idempotency_key argument (its inputSchema declares x-mcp-header).`,
    },
    mismatch.id,
  );
}

/** A 2026-07-28 POST as the SDK's createMcpHandler answers it. */
export async function serveStatelessWithSdk(
  request: Request,
  body: unknown,
  toolContext: McpToolContext,
  mode: ResponseMode,
  revision?: string,
): Promise<Response> {
  const forSdk = requestForTransport(request, revision ? { 'mcp-protocol-version': revision } : {});
  servers.set(forSdk, buildMcpServerForPost(toolContext, body));
  return handlers[mode].fetch(forSdk, { parsedBody: body });
}
