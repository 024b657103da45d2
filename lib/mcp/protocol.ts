import {
  CLIENT_INFO_META_KEY,
  type JSONRPCErrorResponse,
  LATEST_PROTOCOL_VERSION,
  type McpServer,
  PROTOCOL_VERSION_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@/lib/idempotency/idempotency-key';
import { isJsonObject } from '@/lib/text/json-object';

// The protocol facts the transport and the surface both read; it imports neither, and the endpoint joins them
// through SurfaceForPost.

/**
 * What the endpoint hands the transport of the surface for one POST: an SDK server to answer the copy of the POST
 * the SDK is given (closing its transport gives it back), and the wording of a client's mistake in a request.
 */
export interface SurfaceForPost {
  lend(request: Request): McpServer;
  mistakeIn(message: unknown): JSONRPCErrorResponse | undefined;
}

/** The MCP revision the API names for this server (docs/agent-api.md, "Versioning"): Streamable HTTP, 2025-03-26. */
export const MCP_PROTOCOL_REVISION = '2025-03-26';

/** The transport, as /mcp.json and the GET description name it. */
export const MCP_TRANSPORT = 'streamable-http';

/**
 * The revisions served with sessions (initialize, Mcp-Session-Id): the released 2025-era revisions, and
 * 2024-11-05 for older clients. Every one is in the SDK's supported list (a unit test holds them together).
 */
export const SESSION_REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;

/** The stateless revisions: no initialize, no session, version and client in each request's `_meta`. */
export const STATELESS_REVISIONS = ['2026-07-28'] as const;

/**
 * The 2025 methods that 2026-07-28 removed (SEP-2575): a stateless request for one is the SDK's 404 with -32601,
 * whatever its params (the conformance suite's server-stateless scenario checks each).
 */
export const REMOVED_IN_STATELESS: readonly string[] = [
  'initialize',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
];

/** Every revision served at /api/mcp, oldest first: what /mcp.json, the GET description and the server card list. */
export const SERVED_REVISIONS: readonly string[] = [...SESSION_REVISIONS, ...STATELESS_REVISIONS];

/** True for a revision served without sessions (2026-07-28). */
export function isStatelessRevision(version: string | null): boolean {
  return version !== null && (STATELESS_REVISIONS as readonly string[]).includes(version);
}

/** True for any revision served here, of either era: a session's requests may carry any of them. */
export function isSupportedProtocolVersion(version: string): boolean {
  return SERVED_REVISIONS.includes(version);
}

/**
 * The version a session speaks (MCP 2025-03-26, "Version Negotiation"): the one asked for when a session
 * revision, else the SDK's latest, as its Server answers initialize (mcp-lifecycle.test.ts holds them together).
 */
export function negotiateProtocolVersion(requested: string): string {
  return (SESSION_REVISIONS as readonly string[]).includes(requested) && SUPPORTED_PROTOCOL_VERSIONS.includes(requested)
    ? requested
    : LATEST_PROTOCOL_VERSION;
}

/** True when a revision has the `resource_link` content type (added in 2025-06-18). */
export function allowsResourceLinks(revision: string): boolean {
  return revision >= '2025-06-18';
}

/** The served revisions in one phrase, for llms.txt and the agents page. */
export function describeServedRevisions(): string {
  return `revisions ${SESSION_REVISIONS.join(', ')} with sessions, and ${STATELESS_REVISIONS.join(', ')} statelessly`;
}

/** The method a JSON-RPC request or notification names; undefined for a response or anything else. */
export const methodOf = (message: unknown) =>
  isJsonObject(message) && typeof message.method === 'string' ? message.method : undefined;

/** The methods of the JSON-RPC requests and notifications in a posted body (one message or a batch). */
export function methodsOf(body: unknown): string[] {
  return (Array.isArray(body) ? body : [body]).flatMap((message: unknown) => methodOf(message) ?? []);
}

/** The argument a tool with side effects takes over MCP in place of REST's Idempotency-Key header. */
export const IDEMPOTENCY_KEY_ARGUMENT = 'idempotency_key';

/** The header a 2026-07-28 client mirrors the key into, as the key's `x-mcp-header` asks. */
export const IDEMPOTENCY_PARAM_HEADER = `Mcp-Param-${IDEMPOTENCY_KEY_HEADER}`;

/** A JSON-RPC request naming a tool or a prompt with its arguments: the shape tools/call and prompts/get share. */
export function NamedRequestSchema(method: 'tools/call' | 'prompts/get') {
  return z
    .object({
      id: z.union([z.string(), z.number()]),
      method: z.literal(method),
      params: z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()).optional() }),
    })
    .describe(`a ${method} request`);
}

/** A message whose `_meta` names its revision: the 2026-07-28 per-request envelope, with the client when sent. */
const EnvelopeSchema = z
  .object({
    params: z.object({
      _meta: z.object({
        [PROTOCOL_VERSION_META_KEY]: z.string().describe('the revision this request speaks'),
        [CLIENT_INFO_META_KEY]: z
          .object({ name: z.string(), version: z.string() })
          .optional()
          .catch(undefined)
          .describe('the client that sent it (a SHOULD in 2026-07-28), as the mail shows it'),
      }),
    }),
  })
  .describe('the per-request envelope of MCP 2026-07-28');

/** Revision and client as a message's `_meta` names them (2026-07-28); undefined when it names no revision. */
export function envelopeOf(
  message: unknown,
): { protocolVersion: string; client?: { name: string; version: string } } | undefined {
  // Most messages carry no envelope: they are told apart before a failed parse builds its issues.
  if (!isJsonObject(message) || !isJsonObject(message.params) || !isJsonObject(message.params._meta)) return undefined;
  const meta = EnvelopeSchema.safeParse(message).data?.params._meta;
  return meta && { protocolVersion: meta[PROTOCOL_VERSION_META_KEY], client: meta[CLIENT_INFO_META_KEY] };
}
