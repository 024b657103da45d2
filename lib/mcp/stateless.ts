import { CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY, createMcpHandler } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ApiContext } from '@/lib/http/api-route';
import { STATELESS_REVISIONS } from './protocol';
import type { ResponseMode } from './response-mode';
import { buildMcpServerForPost, requestForTransport } from './server';

/** The part of a 2026-07-28 request's `_meta` envelope the consultant's mail shows: revision and client. */
const EnvelopeSchema = z
  .object({
    params: z.object({
      _meta: z.object({
        [PROTOCOL_VERSION_META_KEY]: z.string().describe('the revision this request speaks'),
        [CLIENT_INFO_META_KEY]: z
          .object({ name: z.string(), version: z.string() })
          .optional()
          .describe('the client that sent it (a SHOULD in 2026-07-28)'),
      }),
    }),
  })
  .describe('the per-request envelope of MCP 2026-07-28');

const ClaimSchema = z
  .object({ params: z.object({ _meta: z.object({ [PROTOCOL_VERSION_META_KEY]: z.string() }) }) })
  .describe('a message whose _meta names its protocol revision');

/** True when a posted body carries the 2026-07-28 envelope's revision key (any message of a batch). */
export function claimsStatelessRevision(body: unknown): boolean {
  return (Array.isArray(body) ? body : [body]).some((message) => ClaimSchema.safeParse(message).success);
}

/** Revision and client as the request's envelope names them; the SDK answers a malformed envelope itself. */
function readEnvelope(body: unknown): { protocolVersion: string; client?: { name: string; version: string } } {
  const parsed = EnvelopeSchema.safeParse(body);
  if (!parsed.success) return { protocolVersion: STATELESS_REVISIONS[0] };
  const meta = parsed.data.params._meta;
  return { protocolVersion: meta[PROTOCOL_VERSION_META_KEY], client: meta[CLIENT_INFO_META_KEY] };
}

/**
 * A 2026-07-28 request (MCP 2026-07-28, "Transports"): no initialize and no session; the SDK's own HTTP entry
 * answers server/discover, checks the `_meta` envelope and the Mcp-Method/Mcp-Name headers, and answers with
 * that revision's error codes. The server is the same one the 2025 sessions get, built for this request alone.
 */
export async function serveStatelessRequest(
  request: Request,
  context: ApiContext,
  body: unknown,
  mode: ResponseMode,
): Promise<Response> {
  const envelope = readEnvelope(body);
  const server = buildMcpServerForPost(request, context, body, { kind: 'mcp', ...envelope });
  // 'auto' answers one JSON body (this server sends nothing before a result); 'sse' when that is all Accept allows.
  const handler = createMcpHandler(() => server, { legacy: 'reject', responseMode: mode === 'sse' ? 'sse' : 'auto' });
  const response = await handler.fetch(requestForTransport(request), { parsedBody: body });
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
