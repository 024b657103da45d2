import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { z } from 'zod';
import { getConfig } from '@/lib/config/env';
import { processSingleton } from '@/lib/process-singleton';
import { cleanClientText } from '@/lib/text/client-name';
import { SESSION_REVISIONS } from '../protocol';

/**
 * A 2025-era session: its revision, its client (cut to a few bytes) and when. The id carries all of it, signed, so
 * any instance of any build with the same key serves it without storing anything (docs/mcp-clients.md, "Sessions").
 */
export interface SessionRecord {
  readonly id: string;
  readonly protocolVersion: string;
  readonly client: { readonly name: string; readonly version: string };
  /** Epoch milliseconds, to the second. */
  readonly createdAt: number;
}

/** The most bytes of clientInfo.name and clientInfo.version an id carries: enough to tell clients apart in a mail. */
const MAX_CLIENT_NAME_BYTES = 48;
const MAX_CLIENT_VERSION_BYTES = 24;

/**
 * The longest id read: above the longest issueSession makes (every field of it is bounded, and escaping at most
 * doubles the client's few bytes), so a hostile header is refused before any signature is checked.
 */
export const MAX_SESSION_ID_LENGTH = 512;

// The audience names this use of the key, so no other token signed with it passes for a session id.
const AUDIENCE = 'mcp-session';

/** What an id's claims hold beside the standard ones: the revision and the client. */
const ClaimsSchema = z.object({
  rev: z.enum(SESSION_REVISIONS),
  client: z.object({ name: z.string(), version: z.string() }),
  iat: z.number(),
});

/** `text` cut to at most `max` bytes of UTF-8 without splitting a character. */
function cutUtf8(text: string, max: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return text;
  let end = max;
  // Step back over continuation bytes (10xxxxxx) so the cut falls on a character boundary.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

/**
 * A new session and its id: a JWT (HS256) under `key`, so that only ids this deployment issued are ever served,
 * with a random `jti` so no two are alike, and an expiry at the end of the session's lifetime.
 */
export async function issueSession(
  session: { protocolVersion: string; client: { name: string; version: string } },
  key: Uint8Array,
  now = Date.now(),
): Promise<SessionRecord> {
  if (!(SESSION_REVISIONS as readonly string[]).includes(session.protocolVersion)) {
    throw new RangeError(`${session.protocolVersion} is not a session revision`);
  }
  // Cleaned before it is kept, and cut early: the id is all a session keeps, and every field of it is bounded.
  const client = {
    name: cutUtf8(cleanClientText(session.client.name.slice(0, 200), 200), MAX_CLIENT_NAME_BYTES),
    version: cutUtf8(cleanClientText(session.client.version.slice(0, 200), 200), MAX_CLIENT_VERSION_BYTES),
  };
  const issuedAt = Math.floor(now / 1000);
  const id = await new SignJWT({ rev: session.protocolVersion, client })
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(randomBytes(12).toString('base64url'))
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SESSION_LIFETIME_MS / 1000)
    .sign(key);
  return { id, protocolVersion: session.protocolVersion, client, createdAt: issuedAt * 1000 };
}

/**
 * The session an id names when this deployment's `key` signed it and it has not expired; undefined for anything
 * else.
 */
export async function readSessionId(id: string, key: Uint8Array): Promise<SessionRecord | undefined> {
  if (id.length > MAX_SESSION_ID_LENGTH) return undefined;
  try {
    const { payload } = await jwtVerify(id, key, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      requiredClaims: ['jti', 'iat', 'exp'],
    });
    const claims = ClaimsSchema.safeParse(payload).data;
    return claims && { id, protocolVersion: claims.rev, client: claims.client, createdAt: claims.iat * 1000 };
  } catch (error) {
    // An id that is not ours, altered or expired names no session; any other failure is a fault to see.
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}

/**
 * How long a session id is served after its initialize, idle or not: no client working through a month is
 * stranded (some never initialize again after a 404), and it bounds how long an ended session is remembered.
 */
export const SESSION_LIFETIME_MS = 90 * 24 * 60 * 60_000;

/** How far ahead of this server's clock an id's issue time may be: the clocks of instances drift a little. */
const CLOCK_SKEW_MS = 60_000;

/** Whether a session is within its lifetime: issued no later than now (give or take skew), and not too long ago. */
function isWithinLifetime(session: Pick<SessionRecord, 'createdAt'>, now = Date.now()): boolean {
  return session.createdAt <= now + CLOCK_SKEW_MS && session.createdAt + SESSION_LIFETIME_MS > now;
}

const holder = processSingleton<{ key?: Buffer; verified?: Map<string, SessionRecord> }>('mcp-session-ids', () => ({}));

/**
 * The key that signs session ids: from MCP_SESSION_KEY, else from a phrase in the code that anyone could sign
 * with, which grants nothing a fresh initialize does not (a session holds no secret and no rights).
 */
export function getSessionKey(): Buffer {
  holder.key ??= createHash('sha256')
    .update(getConfig().MCP_SESSION_KEY ?? 'consultancy-site mcp sessions')
    .digest();
  return holder.key;
}

/** How many verified session ids a process remembers. */
const MAX_VERIFIED_SESSIONS = 1024;

/**
 * The session an id names when this deployment signed it and it is within its lifetime. A client sends the same
 * id on every request, so the most recent verified ids are remembered and their signature is not checked again.
 */
export async function readSession(id: string): Promise<SessionRecord | undefined> {
  const verified = (holder.verified ??= new Map());
  const session: SessionRecord | undefined = verified.get(id) ?? (await readSessionId(id, getSessionKey()));
  // An id dated in the future would never expire (nor would its ended-session record): it is refused.
  if (!session || !isWithinLifetime(session)) {
    verified.delete(id);
    return undefined;
  }
  if (!verified.has(id)) {
    if (verified.size >= MAX_VERIFIED_SESSIONS) verified.delete(verified.keys().next().value ?? '');
    verified.set(id, session);
  }
  return session;
}
