import { type McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { TOOLS } from '@/lib/agent/tools';
import { IDEMPOTENCY_PARAM_HEADER, idempotencyHeaderMismatch } from '../surface/idempotent-call';
import { refusePromptArguments } from '../surface/prompts';
import { buildMcpServerForPost } from '../surface/server';
import type { McpToolContext } from '../surface/tools';
import { HEADER_MISMATCH, jsonRpcErrorResponse } from './errors';
import { type ResponseMode, requestForTransport } from './messages';

/** The server built for each request the handlers below are given, found by the request itself. */
const servers = new WeakMap<Request, McpServer>();

function serverFor(request: Request | undefined): McpServer {
  const server = request && servers.get(request);
  if (!server) throw new Error('a 2026-07-28 request reached the SDK without its server');
  return server;
}

// The SDK's entry, made once per process, calls back for each request's own server ('auto' is one JSON body).
const handlers = {
  json: createMcpHandler(({ requestInfo }) => serverFor(requestInfo), { legacy: 'reject', responseMode: 'auto' }),
  sse: createMcpHandler(({ requestInfo }) => serverFor(requestInfo), { legacy: 'reject', responseMode: 'sse' }),
};

/**
 * A 2026-07-28 request (MCP 2026-07-28, "Transports"): no initialize and no session; the SDK's own HTTP entry
 * answers server/discover, checks the `_meta` envelope and the Mcp-Method/Mcp-Name headers, and answers with
 * that revision's error codes. `revision`, when given, stands in for the MCP-Protocol-Version header.
 */
export async function serve2026(
  request: Request,
  body: unknown,
  toolContext: McpToolContext,
  mode: ResponseMode,
  revision?: string | null,
): Promise<Response> {
  const mismatch = idempotencyHeaderMismatch(request, body, TOOLS);
  if (mismatch) {
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
  const refused = refusePromptArguments(body);
  if (refused) return refused;
  const forSdk = requestForTransport(request, revision ? { 'mcp-protocol-version': revision } : {});
  servers.set(forSdk, buildMcpServerForPost(toolContext, body));
  return handlers[mode].fetch(forSdk, { parsedBody: body });
}
