import { type InitializeRequest, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { NotFoundError } from '@/lib/http/errors';
import { refusePromptArguments } from '../surface/prompt-arguments';
import { buildMcpServerForPost } from '../surface/server';
import type { McpToolContext } from '../surface/tools';
import { ProtocolVersionError, SessionRequiredError } from './errors';
import { requestForTransport } from './messages';
import { SERVED_REVISIONS, SESSION_REVISIONS, isSupportedProtocolVersion, negotiateProtocolVersion } from './protocol';
import type { ResponseMode } from './response-mode';
import {
  SESSION_LIFETIME_MS,
  type SessionRecord,
  getEndedSessions,
  getSessionKey,
  issueSession,
  readSession,
} from './sessions';

// The 2025 era (2024-11-05 to 2025-11-25): initialize issues a session id that carries the session; every
// other request is answered by the SDK's Server at the session's revision, or without a session at the
// revision its header names.

export const START_AGAIN =
  'Start a new session: POST an initialize request to /api/mcp without an Mcp-Session-Id header.';

/**
 * MCP-Protocol-Version, when sent, must name a revision this server serves (Streamable HTTP, 2025-06-18,
 * "Protocol Version Header": 400 only for an invalid or unsupported one). A session's requests may name any
 * of them: the session keeps the revision it negotiated.
 */
export function requireServedVersion(request: Request): void {
  const version = request.headers.get('mcp-protocol-version');
  if (version !== null && !isSupportedProtocolVersion(version)) {
    throw new ProtocolVersionError(
      `MCP-Protocol-Version ${version} is not a revision this server supports.`,
      `Send MCP-Protocol-Version with one of ${SERVED_REVISIONS.join(', ')} (the session's own is in the initialize result), or omit the header.`,
    );
  }
}

/**
 * The session a request names (Streamable HTTP, 2025-03-26, "Session Management"): 400 when Mcp-Session-Id is
 * missing or empty (a DELETE, or a header sent empty), and 404 for an id this deployment never issued, one past its lifetime, or one DELETE ended (so the client
 * initializes again). The id itself carries the session, so it is served on any instance, after any restart.
 */
export async function requireSession(request: Request): Promise<SessionRecord> {
  requireServedVersion(request);
  const id = request.headers.get('mcp-session-id');
  if (!id) {
    throw new SessionRequiredError(
      'This request names no session: its Mcp-Session-Id header is missing or empty.',
      'Send the Mcp-Session-Id header that initialize returned (DELETE needs it); any other request may instead leave the header out.',
    );
  }
  const session = readSession(id);
  if (!session || session.createdAt + SESSION_LIFETIME_MS <= Date.now() || (await getEndedSessions().hasEnded(id))) {
    throw new NotFoundError(
      'The MCP session in Mcp-Session-Id does not exist: it was ended, is older than its lifetime, or was never issued here.',
      START_AGAIN,
    );
  }
  return session;
}

/**
 * The revision a 2025-era request without Mcp-Session-Id is answered at: the session revision its
 * MCP-Protocol-Version names, else 2025-03-26, which a server assumes when the header is absent (Streamable
 * HTTP, 2025-06-18, "Protocol Version Header").
 */
export function sessionlessRevision(request: Request): string {
  const header = request.headers.get('mcp-protocol-version');
  return (SESSION_REVISIONS as readonly string[]).find((revision) => revision === header) ?? '2025-03-26';
}

/** A new session at the revision negotiated; nothing is stored, the id is the session (session-id.ts). */
export function startSession(initialize: InitializeRequest): SessionRecord {
  const { protocolVersion, clientInfo } = initialize.params;
  return issueSession(
    { protocolVersion: negotiateProtocolVersion(protocolVersion), client: clientInfo },
    getSessionKey(),
  );
}

/** A 2025-era POST, at the revision of `toolContext`: the prompt-argument refusal, else the SDK. */
export async function serve2025(
  request: Request,
  body: unknown,
  toolContext: McpToolContext,
  mode: ResponseMode,
): Promise<Response> {
  return refusePromptArguments(body) ?? (await serveSessionWithSdk(request, body, toolContext, mode));
}

/** A 2025-era POST as the SDK's Server and stateless transport answer it, at the revision of `toolContext`. */
export async function serveSessionWithSdk(
  request: Request,
  body: unknown,
  toolContext: McpToolContext,
  mode: ResponseMode,
): Promise<Response> {
  const server = buildMcpServerForPost(toolContext, body);
  // Stateless SDK transport: the session rules are applied before, from the id itself.
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: mode === 'json',
  });
  await server.connect(transport);
  // The transport checks the header against the session's revision; any served revision was accepted before.
  let response = await transport.handleRequest(
    requestForTransport(request, { 'mcp-protocol-version': toolContext.protocolVersion }),
    { parsedBody: body },
  );
  // In JSON mode every answer is in `response`: the server and transport are left to the garbage collector.
  // server.close() would only abort finished handlers and build a "connection closed" error with its stack
  // trace, a large share of a tools/call's cost; nothing outlives the request either way.
  // JSON-RPC 2.0 section 6: a batch is answered with an array, even a batch of one.
  if (mode === 'json' && Array.isArray(body) && response.status === 200) {
    const answer: unknown = await response.json();
    response = Response.json(Array.isArray(answer) ? answer : [answer]);
  }
  return response;
}
