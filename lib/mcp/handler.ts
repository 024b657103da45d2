import {
  type InitializeRequest,
  WebStandardStreamableHTTPServerTransport,
  isLegacyRequest,
} from '@modelcontextprotocol/server';
import { publicOrigin } from '@/lib/http/forwarded';
import { MethodNotAllowedError, NotFoundError } from '@/lib/http/errors';
import { preferredMediaType } from '@/lib/http/negotiate';
import { type ApiContext, allowHeader, json } from '@/lib/http/api-route';
import { buildMcpServerDescription } from './description';
import { ProtocolVersionError, SessionRequiredError } from './errors';
import { countBatch, methodsOf, readPostedMessages } from './messages';
import { refusePromptArguments } from './prompt-arguments';
import { countMcpMethods } from '@/lib/counting/tool-counts';
import {
  SERVED_REVISIONS,
  isStatelessRevision,
  isSupportedProtocolVersion,
  negotiateProtocolVersion,
} from './protocol';
import { type ResponseMode, responseMode } from './response-mode';
import type { McpToolContext } from './tools';
import { answerSessionCall } from './direct-call';
import { buildMcpServerForPost, requestForTransport, toolContextForPost } from './sdk-server';
import {
  SESSION_LIFETIME_MS,
  type SessionRecord,
  getEndedSessions,
  getSessionKey,
  issueSession,
  readSession,
} from './sessions';
import { serveStatelessRequest } from './stateless';
import { envelopeRevisionToServe } from './tolerance';

/** The Allow header of this handler's own 405, the same as the route's OPTIONS answer (HEAD comes with GET). */
const MCP_ALLOW = allowHeader(['GET', 'POST', 'DELETE']);
const START_AGAIN = 'Start a new session: POST an initialize request to /api/mcp without an Mcp-Session-Id header.';

/**
 * MCP-Protocol-Version, when sent, must name a revision this server serves (Streamable HTTP, 2025-06-18,
 * "Protocol Version Header": 400 only for an invalid or unsupported one). A session's requests may name any
 * of them: the session keeps the revision it negotiated.
 */
function requireServedVersion(request: Request): void {
  const version = request.headers.get('mcp-protocol-version');
  if (version !== null && !isSupportedProtocolVersion(version)) {
    throw new ProtocolVersionError(
      `MCP-Protocol-Version ${version} is not a revision this server supports.`,
      `Send MCP-Protocol-Version with one of ${SERVED_REVISIONS.join(', ')} (the session's own is in the initialize result), or omit the header.`,
    );
  }
}

/**
 * The session a request names (Streamable HTTP, 2025-03-26, "Session Management"): 400 without Mcp-Session-Id,
 * and 404 for an id this deployment never issued, one past its lifetime, or one DELETE ended (so the client
 * initializes again). The id itself carries the session, so it is served on any instance, after any restart.
 */
async function requireSession(request: Request): Promise<SessionRecord> {
  requireServedVersion(request);
  const id = request.headers.get('mcp-session-id');
  if (!id) {
    throw new SessionRequiredError(
      'This request has no Mcp-Session-Id header; only initialize may come without one (or a 2026-07-28 request, which carries its revision in params._meta).',
      'Send initialize first and repeat the Mcp-Session-Id header of its response on every later request.',
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

/** A new session at the revision negotiated; nothing is stored, the id is the session (lib/mcp/session-id.ts). */
function startSession(initialize: InitializeRequest): SessionRecord {
  const { protocolVersion, clientInfo } = initialize.params;
  return issueSession(
    { protocolVersion: negotiateProtocolVersion(protocolVersion), client: clientInfo },
    getSessionKey(),
  );
}

/**
 * POST /api/mcp: one JSON-RPC message or a batch. A request whose `_meta` envelope names 2026-07-28 is served
 * statelessly (lib/mcp/stateless.ts), as the SDK's own entry would route it, whatever 2025 revision its header
 * names; a request with a session is served at the session's revision whatever served revision its header
 * names (docs/mcp-clients.md, "Tolerances"). Otherwise initialize starts a session and anything else must name one.
 */
export async function handleMcpPost(request: Request, context: ApiContext): Promise<Response> {
  const mode = responseMode(request);
  const posted = await readPostedMessages(request);
  if (posted instanceof Response) return posted;
  countMcpMethods(methodsOf(posted.body));
  await countBatch(posted.body, context);
  const envelope = envelopeRevisionToServe(request, posted.body);
  if (envelope.claimed) {
    return serveStatelessRequest(request, context, posted.body, mode, envelope.revision);
  }
  // A request that claims no 2026-07-28 envelope is held to the served versions here, with the site's envelope.
  requireServedVersion(request);
  if (request.headers.has('mcp-session-id') && !posted.initialize) {
    return serveSessionRequest(request, context, posted.body, await requireSession(request), mode);
  }
  // Only a request with some sign of 2026-07-28 is put to the SDK's classifier, which is not free; the rest are 2025.
  if (
    isStatelessRevision(request.headers.get('mcp-protocol-version')) &&
    !(await isLegacyRequest(request, posted.body))
  ) {
    return serveStatelessRequest(request, context, posted.body, mode);
  }
  const session = posted.initialize ? startSession(posted.initialize) : await requireSession(request);
  return serveSessionRequest(request, context, posted.body, session, mode);
}

async function serveSessionRequest(
  request: Request,
  context: ApiContext,
  body: unknown,
  session: SessionRecord,
  mode: ResponseMode,
): Promise<Response> {
  const toolContext = toolContextForPost(request, context, {
    kind: 'mcp',
    protocolVersion: session.protocolVersion,
    client: session.client,
  });
  const response =
    (mode === 'json' ? await answerSessionCall(body, toolContext) : undefined) ??
    refusePromptArguments(body) ??
    (await serveSessionWithSdk(request, body, toolContext, mode));
  response.headers.set('Mcp-Session-Id', session.id);
  response.headers.set('MCP-Protocol-Version', session.protocolVersion);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

/** A session's POST as the SDK's Server and stateless transport answer it, at the revision of `toolContext`. */
export async function serveSessionWithSdk(
  request: Request,
  body: unknown,
  toolContext: McpToolContext,
  mode: ResponseMode,
): Promise<Response> {
  const server = buildMcpServerForPost(toolContext, body);
  // Stateless SDK transport: the session rules are applied above, against the shared store.
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: mode === 'json',
  });
  await server.connect(transport);
  // The transport checks the header against the session's revision; any served revision was accepted above.
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
    return json(buildMcpServerDescription(publicOrigin(request)), 200, { Vary: 'Accept, Mcp-Session-Id' });
  }
  if (hasSession) await requireSession(request);
  throw new MethodNotAllowedError(
    'This server opens no server-to-client event stream (it sends no messages of its own), so GET with an MCP session or with Accept: text/event-stream is not supported.',
    'POST JSON-RPC requests to /api/mcp; each answer comes back on its own POST. GET /api/mcp without a session returns the server description.',
    { Allow: MCP_ALLOW, Vary: 'Accept, Mcp-Session-Id' },
  );
}

/** DELETE /api/mcp: ends the session named by Mcp-Session-Id, on every instance that shares the store; 404 when there is none. */
export async function handleMcpDelete(request: Request): Promise<Response> {
  const session = await requireSession(request);
  if (!(await getEndedSessions().end(session.id, session.createdAt + SESSION_LIFETIME_MS))) {
    throw new NotFoundError('The MCP session in Mcp-Session-Id has already ended.', START_AGAIN);
  }
  return json(
    { sessionId: session.id, ended: true, message: 'The MCP session has ended. Send initialize to start a new one.' },
    200,
    { 'Cache-Control': 'no-store' },
  );
}
