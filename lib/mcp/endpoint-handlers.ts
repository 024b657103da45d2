import { isLegacyRequest } from '@modelcontextprotocol/server';
import { MCP_PATH, apiEndpoint } from '@/lib/http/api-paths';
import { type ApiContext, allowHeader, json } from '@/lib/http/api-route';
import { MethodNotAllowedError, NotFoundError } from '@/lib/api-errors';
import { publicOrigin } from '@/lib/security/public-origin';
import { agentIdentityOfRequest } from '@/lib/security/web-bot-auth/agent-identity';
import { preferredMediaType } from '@/lib/http/negotiate';
import { countMcpMethods } from '@/lib/counting/tool-counts';
import type { DocumentLibrary, McpChannel, McpToolContext } from './surface/mcp-tool';
import { mistakeIn } from './surface/mistakes';
import { lendMcpServer } from './surface/server';
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
import {
  type PostedMessages,
  type ResponseMode,
  countBatch,
  readPostedMessages,
  responseMode,
} from './transport/messages';
import {
  STATELESS_REVISIONS,
  type SurfaceForPost,
  envelopeOf,
  isStatelessRevision,
  isSupportedProtocolVersion,
  methodsOf,
} from './protocol';
import { getEndedSessions } from '@/lib/stores/ended-sessions/ended-session-store';
import { SESSION_LIFETIME_MS } from './transport/sessions';

/** The site's documents search and fetch serve, built by lib/discovery (a layer above) for an origin. */
type DocumentLibraryAt = (origin: string) => DocumentLibrary;

/**
 * The era that answers a POST, decided once (docs/mcp.md, "The code"): the channel its tools are told of, and the
 * era's module that serves it with the surface's servers of that era.
 */
interface Era {
  name: '2025' | '2026';
  channel: McpChannel;
  serve(request: Request, body: unknown, surface: SurfaceForPost, mode: ResponseMode): Promise<Response>;
}

/**
 * A body whose every `_meta` names one stateless revision is in it, whatever 2025 revision (or none) the header
 * names: claude.ai connectors send `2025-11-25` there while speaking 2026-07-28 (docs/mcp-clients.md,
 * "Tolerances"). Anything else is the SDK's to refuse.
 */
function envelopeRevisionToServe(request: Request, body: unknown): { claimed: boolean; revision?: string } {
  const claimed = (Array.isArray(body) ? body : [body]).flatMap(
    (message) => envelopeOf(message)?.protocolVersion ?? [],
  );
  const [first] = claimed;
  if (first === undefined) return { claimed: false };
  const header = request.headers.get('mcp-protocol-version');
  const unambiguous =
    isStatelessRevision(first) &&
    claimed.every((revision) => revision === first) &&
    (header === null || (isSupportedProtocolVersion(header) && !isStatelessRevision(header)));
  return unambiguous && header !== first ? { claimed: true, revision: first } : { claimed: true };
}

async function decideEra(request: Request, posted: PostedMessages): Promise<Era> {
  const header = request.headers.get('mcp-protocol-version');
  const envelope = envelopeRevisionToServe(request, posted.body);
  if (envelope.claimed) return stateless(posted.body, envelope.revision ?? header);
  requireServedVersion(request);
  const named = request.headers.has('mcp-session-id') && !posted.initialize;
  // Only a request with some sign of 2026-07-28 is put to the SDK's classifier, which is not free.
  if (!named && isStatelessRevision(header) && !(await isLegacyRequest(request, posted.body))) {
    return stateless(posted.body, header);
  }
  const session = named ? await requireSession(request) : posted.initialize && (await startSession(posted.initialize));
  const protocolVersion = session ? session.protocolVersion : sessionlessRevision(request);
  return {
    name: '2025',
    // The mail names the session's client, else the User-Agent.
    channel: session
      ? { kind: 'mcp', protocolVersion, client: session.client }
      : { kind: 'mcp', protocolVersion, userAgent: request.headers.get('user-agent') ?? '' },
    serve: (...args) => serve2025(...args, protocolVersion, session || undefined),
  };
}

/** The 2026-07-28 era; `revision` is what the SDK is given, and the channel names the envelope's client. */
function stateless(body: unknown, revision: string | null): Era {
  return {
    name: '2026',
    channel: { kind: 'mcp', ...(envelopeOf(body) ?? { protocolVersion: STATELESS_REVISIONS[0] }) },
    serve: (...args) => serve2026(...args, revision),
  };
}

/** What a tool called in this POST knows. */
function toolContextOf(
  request: Request,
  context: ApiContext,
  channel: McpChannel,
  documentLibrary: DocumentLibraryAt,
): McpToolContext {
  const { requestId, consume, client } = context;
  const origin = publicOrigin(request);
  const identity = () => agentIdentityOfRequest(request);
  return { origin, requestId, consume, client, channel, documents: () => documentLibrary(origin), identity };
}

/**
 * POST /api/mcp: every message is answered by the SDK's dispatch, through the module of the era decided once; the
 * endpoint joins the two halves, handing the transport the surface's servers and its wording of mistakes.
 */
export async function handleMcpPost(
  request: Request,
  context: ApiContext,
  documents: DocumentLibraryAt,
): Promise<Response> {
  const mode = responseMode(request);
  const posted = await readPostedMessages(request, mistakeIn);
  if (posted instanceof Response) return posted;
  countMcpMethods(methodsOf(posted.body));
  await countBatch(posted.body, context);
  const era = await decideEra(request, posted);
  const toolContext = toolContextOf(request, context, era.channel, documents);
  const surface = { lend: (forSdk: Request) => lendMcpServer(forSdk, era.name, toolContext), mistakeIn };
  const response = await era.serve(request, posted.body, surface, mode);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

/**
 * GET /api/mcp: the server description for a person, curl or a crawler. A client asking for a stream gets 405: this
 * server sends nothing of its own, and any 2xx would be taken for a stream and reconnected in a loop.
 */
export async function handleMcpGet(request: Request, describeServer: (origin: string) => unknown): Promise<Response> {
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
export async function handleMcpDelete(request: Request): Promise<Response> {
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
