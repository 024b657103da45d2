import { CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { isStatelessRevision, isSupportedProtocolVersion } from '../protocol';

// The tolerances of docs/mcp-clients.md, "Tolerances": where a client's intent is unambiguous it is served,
// whatever else the request says; where it is not, the spec's error stands.

/** A message whose `_meta` names its revision: the 2026-07-28 per-request envelope, with the client when sent. */
const ClaimSchema = z
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
  const meta = ClaimSchema.safeParse(message).data?.params._meta;
  return meta && { protocolVersion: meta[PROTOCOL_VERSION_META_KEY], client: meta[CLIENT_INFO_META_KEY] };
}

/**
 * A body whose every `_meta` names one stateless revision is in it, whatever 2025 revision (or none) the header
 * names: claude.ai connectors send `2025-11-25` there while speaking 2026-07-28. Anything else is the SDK's to refuse.
 */
export function envelopeRevisionToServe(request: Request, body: unknown): { claimed: boolean; revision?: string } {
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
