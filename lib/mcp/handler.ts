import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { InitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { publicOrigin } from '@/lib/http/client';
import { MethodNotAllowedError, NotFoundError } from '@/lib/http/errors';
import { preferredMediaType } from '@/lib/http/negotiate';
import { type ApiContext, allowHeader, json } from '@/lib/http/api-route';
import { buildMcpServerDescription } from './description';
import { NotAcceptableError, ProtocolVersionError, SessionRequiredError } from './errors';
import { methodsOf, readPostedMessages } from './messages';
import { isSupportedProtocolVersion, negotiateProtocolVersion } from './protocol';
import { buildMcpServer, partsUsedBy } from './server';
import { SESSION_IDLE_MS, type SessionRecord, getSessionStore, isWellFormedSessionId, newSessionId } from './sessions';

/** The Allow header of this handler's own 405, the same as the route's OPTIONS answer (HEAD comes with GET). */
const MCP_ALLOW = allowHeader(['GET', 'POST', 'DELETE']);
const START_AGAIN = 'Start a new session: POST an initialize request to /api/mcp without an Mcp-Session-Id header.';

/**
 * The session a request names (Streamable HTTP, 2025-03-26, "Session Management"): 400 without Mcp-Session-Id,
 * 404 when it is unknown or expired (so the client initializes again), and 400 when MCP-Protocol-Version is
 * sent but is not the revision the session negotiated. A hit restarts the session's idle timer.
 */
async function requireSession(request: Request): Promise<SessionRecord> {
  const id = request.headers.get('mcp-session-id');
  if (!id) {
    throw new SessionRequiredError(
      'This request has no Mcp-Session-Id header; only initialize may come without one.',
      'Send initialize first and repeat the Mcp-Session-Id header of its response on every later request.',
    );
  }
  const session = isWellFormedSessionId(id) ? await getSessionStore().touch(id) : undefined;
  if (!session) {
    throw new NotFoundError(
      `The MCP session in Mcp-Session-Id does not exist: it was ended, expired after ${SESSION_IDLE_MS / 60_000} idle minutes, or never existed.`,
      START_AGAIN,
    );
  }
  const version = request.headers.get('mcp-protocol-version');
  if (version !== null && version !== session.protocolVersion) {
    throw new ProtocolVersionError(
      isSupportedProtocolVersion(version)
        ? `MCP-Protocol-Version is ${version}, but this session negotiated ${session.protocolVersion}.`
        : `MCP-Protocol-Version ${version} is not a revision this server supports.`,
      `Send MCP-Protocol-Version: ${session.protocolVersion} (the version of the initialize result), or omit the header.`,
    );
  }
  return session;
}

async function startSession(initialize: InitializeRequest): Promise<SessionRecord> {
  const { protocolVersion, clientInfo } = initialize.params;
  const session: SessionRecord = {
    id: newSessionId(),
    protocolVersion: negotiateProtocolVersion(protocolVersion),
    client: { name: clientInfo.name, version: clientInfo.version },
    createdAt: Date.now(),
  };
  await getSessionStore().create(session);
  return session;
}

/** application/json unless the client accepts only text/event-stream (then the answer is an SSE stream). */
function responseMode(request: Request): 'json' | 'sse' {
  if (preferredMediaType(request, ['application/json'])) return 'json';
  if (preferredMediaType(request, ['text/event-stream'])) return 'sse';
  throw new NotAcceptableError(
    `POST /api/mcp answers application/json or text/event-stream, and Accept allows neither ("${request.headers.get('accept')}").`,
    'Send Accept: application/json, text/event-stream.',
  );
}

/**
 * POST /api/mcp: one JSON-RPC message or a batch. initialize starts a session; anything else must name one.
 * The SDK's transport and an McpServer are built for this request alone and answer it.
 */
export async function handleMcpPost(request: Request, context: ApiContext): Promise<Response> {
  const mode = responseMode(request);
  const posted = await readPostedMessages(request);
  if (posted instanceof Response) return posted;
  const session = posted.initialize ? await startSession(posted.initialize) : await requireSession(request);

  const tools = { origin: publicOrigin(request), requestId: context.requestId, consume: context.consume };
  const server = buildMcpServer(tools, partsUsedBy(methodsOf(posted.body)));
  // Stateless SDK transport: the session rules are applied above, against the shared store.
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: mode === 'json',
  });
  await server.connect(transport);
  // The transport wants both types in Accept (as the 2025-03-26 transport asks of clients); the mode is chosen.
  const headers = new Headers(request.headers);
  headers.set('accept', 'application/json, text/event-stream');
  headers.delete('content-length');
  let response = await transport.handleRequest(new Request(request.url, { method: 'POST', headers }), {
    parsedBody: posted.body,
  });
  // In JSON mode every answer is in `response`: the server and transport are left to the garbage collector.
  // server.close() would only abort finished handlers and build a "connection closed" error with its stack
  // trace, which was a third of the cost of a tools/call (issue 6); nothing outlives the request either way.
  if (mode === 'json') {
    // JSON-RPC 2.0 section 6: a batch is answered with an array, even a batch of one.
    if (Array.isArray(posted.body) && response.status === 200) {
      const answer: unknown = await response.json();
      response = Response.json(Array.isArray(answer) ? answer : [answer]);
    }
  }
  response.headers.set('Mcp-Session-Id', session.id);
  response.headers.set('MCP-Protocol-Version', session.protocolVersion);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

/**
 * GET /api/mcp. Without a session (a person, curl, a crawler) it is the server description. An MCP client
 * (with a session, or accepting only text/event-stream) asks for a server-to-client stream; this server sends
 * nothing of its own, so it answers 405 as the transport allows, and the official client then stops asking
 * (any 2xx would be taken for a stream and reconnected in a loop).
 */
export async function handleMcpGet(request: Request): Promise<Response> {
  const hasSession = request.headers.has('mcp-session-id');
  const onlyEventStream =
    !preferredMediaType(request, ['application/json']) && Boolean(preferredMediaType(request, ['text/event-stream']));
  if (!hasSession && !onlyEventStream) {
    return json(buildMcpServerDescription(), 200, { Vary: 'Accept, Mcp-Session-Id' });
  }
  if (hasSession) await requireSession(request);
  throw new MethodNotAllowedError(
    'This server opens no server-to-client event stream (it sends no messages of its own), so GET with an MCP session or with Accept: text/event-stream is not supported.',
    'POST JSON-RPC requests to /api/mcp; each answer comes back on its own POST. GET /api/mcp without a session returns the server description.',
    { Allow: MCP_ALLOW, Vary: 'Accept, Mcp-Session-Id' },
  );
}

/** DELETE /api/mcp: ends the session named by Mcp-Session-Id; 404 when there is none. */
export async function handleMcpDelete(request: Request): Promise<Response> {
  const session = await requireSession(request);
  if (!(await getSessionStore().delete(session.id))) {
    throw new NotFoundError('The MCP session in Mcp-Session-Id has already ended.', START_AGAIN);
  }
  return json(
    { sessionId: session.id, ended: true, message: 'The MCP session has ended. Send initialize to start a new one.' },
    200,
    { 'Cache-Control': 'no-store' },
  );
}
