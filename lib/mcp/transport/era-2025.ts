import { type InitializeRequest, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { NotFoundError } from '@/lib/api-errors';
import { ProtocolVersionError, SessionRequiredError } from './mcp-errors';
import { type ResponseMode, requestForTransport } from './messages';
import {
  SERVED_REVISIONS,
  SESSION_REVISIONS,
  type SurfaceForPost,
  isSupportedProtocolVersion,
  methodsOf,
  negotiateProtocolVersion,
} from '../protocol';
import { getEndedSessions } from '@/lib/stores/ended-sessions/ended-session-store';
import { type SessionRecord, getSessionKey, issueSession, readSession } from './sessions';

// The 2025 era (2024-11-05 to 2025-11-25): initialize issues a session id that carries the session; every
// other request is answered by the SDK's Server at the session's revision, or without a session at the
// revision its header names.

export const START_AGAIN =
  'Start a new session: POST an initialize request to /api/mcp without an Mcp-Session-Id header.';

/**
 * MCP-Protocol-Version, when sent, must name a revision this server serves (Streamable HTTP, 2025-06-18,
 * "Protocol Version Header"). A session's requests may name any of them: it keeps the revision it negotiated.
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
 * missing or empty, 404 for an id this deployment never issued, one past its lifetime, or one DELETE ended.
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
  const session = await readSession(id);
  if (!session || (await getEndedSessions().hasEnded(id))) {
    throw new NotFoundError(
      'The MCP session in Mcp-Session-Id does not exist: it was ended, is older than its lifetime, or was never issued here.',
      START_AGAIN,
    );
  }
  return session;
}

/**
 * The revision a request without Mcp-Session-Id is answered at: the session revision its MCP-Protocol-Version
 * names, else 2025-03-26, which a server assumes when the header is absent (Streamable HTTP, 2025-06-18).
 */
export function sessionlessRevision(request: Request): string {
  const header = request.headers.get('mcp-protocol-version');
  return (SESSION_REVISIONS as readonly string[]).find((revision) => revision === header) ?? '2025-03-26';
}

/** A new session at the revision negotiated; nothing is stored, the id is the session (sessions.ts). */
export async function startSession(initialize: InitializeRequest): Promise<SessionRecord> {
  const { protocolVersion, clientInfo } = initialize.params;
  return issueSession(
    { protocolVersion: negotiateProtocolVersion(protocolVersion), client: clientInfo },
    getSessionKey(),
  );
}

/**
 * A 2025-era POST at `protocolVersion`: the SDK's stateless transport, with each request that has a mistake in it
 * answered in front of the server (one message of a batch may be wrong and the others right), and the session's id
 * and revision on the answer.
 */
export async function serve2025(
  request: Request,
  body: unknown,
  surface: SurfaceForPost,
  mode: ResponseMode,
  protocolVersion: string,
  session?: SessionRecord,
): Promise<Response> {
  // The session rules were applied before, from the id itself; the transport holds none.
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: mode === 'json',
  });
  const forSdk = requestForTransport(request, { 'mcp-protocol-version': protocolVersion });
  const server = surface.lend(forSdk);
  await server.connect(transport);
  const dispatch = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const answer = surface.mistakeIn(message);
    if (answer) void transport.send(answer);
    else dispatch?.(message, extra);
  };
  let response = await transport.handleRequest(forSdk, { parsedBody: body });
  // A JSON answer is complete, so the server is closed and lent again; an initialize leaves the client's facts on
  // it and an event stream is still being written: those servers are left to the garbage collector.
  if (mode === 'json' && !methodsOf(body).includes('initialize')) await server.close();
  // JSON-RPC 2.0 section 6: a batch is answered with an array, even a batch of one.
  if (mode === 'json' && Array.isArray(body) && response.status === 200) {
    const answer: unknown = await response.json();
    response = Response.json(Array.isArray(answer) ? answer : [answer]);
  }
  if (session) response.headers.set('Mcp-Session-Id', session.id);
  response.headers.set('MCP-Protocol-Version', protocolVersion);
  return response;
}
