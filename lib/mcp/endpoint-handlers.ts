import { isLegacyRequest } from '@modelcontextprotocol/server';
import { MCP_PATH, apiEndpoint } from '@/lib/http/api-paths';
import { type ApiContext, allowHeader, apiRoute, endpoint, json } from '@/lib/http/api-route';
import { MethodNotAllowedError, NotFoundError } from '@/lib/api-errors';
import { publicOrigin } from '@/lib/security/public-origin';
import { agentIdentityOfRequest } from '@/lib/security/web-bot-auth/agent-identity';
import { preferredMediaType } from '@/lib/http/negotiate';
import { countMcpMethods } from '@/lib/counting/tool-counts';
import type { DocumentLibrary, McpChannel, McpToolContext } from './surface/mcp-tool';
import { answerDirectCall } from './transport/direct-call';
import {
  START_AGAIN,
  requireServedVersion,
  requireSession,
  serve2025,
  sessionlessRevision,
  startSession,
} from './transport/era-2025';
import { serve2026 } from './transport/era-2026';
import { SessionStoreFullError } from './transport/mcp-errors';
import { type PostedMessages, countBatch, methodsOf, readPostedMessages, responseMode } from './transport/messages';
import { STATELESS_REVISIONS, isStatelessRevision } from './transport/protocol';
import { getEndedSessions } from '@/lib/stores/ended-sessions/ended-session-store';
import { SESSION_LIFETIME_MS, type SessionRecord } from './transport/sessions';
import { envelopeOf, envelopeRevisionToServe } from './transport/tolerance';

/** What lib/discovery, a layer above, hands the endpoint: the GET description and the documents search serves. */
interface EndpointDocuments {
  describeServer(origin: string): unknown;
  documentLibrary(origin: string): DocumentLibrary;
}

/** The era that answers a POST, decided once (docs/mcp.md, "The code"); `revision` is what the SDK is given. */
type Era =
  { kind: '2026-07-28'; revision: string | null } | { kind: '2025'; session?: SessionRecord; protocolVersion: string };

async function decideEra(request: Request, posted: PostedMessages): Promise<Era> {
  const header = request.headers.get('mcp-protocol-version');
  const envelope = envelopeRevisionToServe(request, posted.body);
  if (envelope.claimed) return { kind: '2026-07-28', revision: envelope.revision ?? header };
  requireServedVersion(request);
  const named = request.headers.has('mcp-session-id') && !posted.initialize;
  // Only a request with some sign of 2026-07-28 is put to the SDK's classifier, which is not free.
  if (!named && isStatelessRevision(header) && !(await isLegacyRequest(request, posted.body))) {
    return { kind: '2026-07-28', revision: header };
  }
  const session = named ? await requireSession(request) : posted.initialize && startSession(posted.initialize);
  return { kind: '2025', session, protocolVersion: session?.protocolVersion ?? sessionlessRevision(request) };
}

/** What a tool called in this POST knows; the mail names the envelope's or session's client, else the User-Agent. */
function toolContextOf(
  request: Request,
  context: ApiContext,
  body: unknown,
  era: Era,
  { documentLibrary }: EndpointDocuments,
): McpToolContext {
  const channel: McpChannel =
    era.kind === '2026-07-28'
      ? { kind: 'mcp', ...(envelopeOf(body) ?? { protocolVersion: STATELESS_REVISIONS[0] }) }
      : era.session
        ? { kind: 'mcp', protocolVersion: era.protocolVersion, client: era.session.client }
        : { kind: 'mcp', protocolVersion: era.protocolVersion, userAgent: request.headers.get('user-agent') ?? '' };
  const { requestId, consume, client } = context;
  const origin = publicOrigin(request);
  const identity = () => agentIdentityOfRequest(request);
  return { origin, requestId, consume, client, channel, documents: () => documentLibrary(origin), identity };
}

/** POST /api/mcp: a plain tools/call is answered directly in front of both eras, anything else by the era's module. */
async function handleMcpPost(request: Request, context: ApiContext, documents: EndpointDocuments): Promise<Response> {
  const mode = responseMode(request);
  const posted = await readPostedMessages(request);
  if (posted instanceof Response) return posted;
  countMcpMethods(methodsOf(posted.body));
  await countBatch(posted.body, context);
  const era = await decideEra(request, posted);
  const toolContext = toolContextOf(request, context, posted.body, era, documents);
  const response =
    (mode === 'json' ? await answerDirectCall(request, posted.body, era, toolContext) : undefined) ??
    (era.kind === '2025'
      ? await serve2025(request, posted.body, toolContext, mode)
      : await serve2026(request, posted.body, toolContext, mode, era.revision));
  if (era.kind === '2025') {
    if (era.session) response.headers.set('Mcp-Session-Id', era.session.id);
    response.headers.set('MCP-Protocol-Version', era.protocolVersion);
  }
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

/**
 * GET /api/mcp: the server description for a person, curl or a crawler. A client asking for a stream gets 405: this
 * server sends nothing of its own, and any 2xx would be taken for a stream and reconnected in a loop.
 */
async function handleMcpGet(request: Request, describeServer: EndpointDocuments['describeServer']): Promise<Response> {
  const hasSession = request.headers.has('mcp-session-id');
  const onlyEventStream =
    !preferredMediaType(request, ['application/json']) && Boolean(preferredMediaType(request, ['text/event-stream']));
  if (!hasSession && !onlyEventStream) {
    return json(describeServer(publicOrigin(request)), 200, { Vary: 'Accept, Mcp-Session-Id' });
  }
  if (hasSession) await requireSession(request);
  throw new MethodNotAllowedError(
    'This server opens no server-to-client event stream (it sends no messages of its own), so GET with an MCP session or with Accept: text/event-stream is not supported.',
    'POST JSON-RPC requests to /api/mcp; each answer comes back on its own POST. GET /api/mcp without a session returns the server description.',
    { Allow: allowHeader(apiEndpoint(MCP_PATH).methods), Vary: 'Accept, Mcp-Session-Id' },
  );
}

/** DELETE /api/mcp: ends the session named by Mcp-Session-Id, on every instance that shares the store. */
async function handleMcpDelete(request: Request): Promise<Response> {
  const session = await requireSession(request);
  const outcome = await getEndedSessions().end(session.id, session.createdAt + SESSION_LIFETIME_MS);
  if (outcome === 'already-ended') {
    throw new NotFoundError('The MCP session in Mcp-Session-Id has already ended.', START_AGAIN);
  }
  if (outcome === 'full') {
    throw new SessionStoreFullError(
      'This server already remembers as many ended MCP sessions as it keeps, none of them past its lifetime, so this session could not be recorded as ended: its id still works.',
      'Stop using this session id and send initialize to start a new session; a session holds nothing, so nothing is lost. A DELETE later, once older records have expired, ends it for good.',
    );
  }
  return json(
    { sessionId: session.id, ended: true, message: 'The MCP session has ended. Send initialize to start a new one.' },
    200,
    { 'Cache-Control': 'no-store' },
  );
}

/** The MCP server at /api/mcp (docs/agent-api.md, "Endpoints", 5-7; docs/mcp.md): Streamable HTTP transport. */
export function mcpEndpoint(documents: EndpointDocuments) {
  return endpoint(MCP_PATH, {
    GET: apiRoute((request) => handleMcpGet(request, documents.describeServer)),
    POST: apiRoute((request, context) => handleMcpPost(request, context, documents)),
    DELETE: apiRoute(handleMcpDelete),
  });
}
