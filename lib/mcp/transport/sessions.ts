import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getConfig } from '@/lib/config/env';
import { processSingleton } from '@/lib/process-singleton';
import { cleanClientText } from '@/lib/text/client-name';
import { SESSION_REVISIONS } from './protocol';

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

const FORMAT = 1;
const NONCE_BYTES = 12;
const MAC_BYTES = 16;
/** Format, revision, issue time in seconds, the nonce, then two length-prefixed strings and the MAC. */
const FIXED_BYTES = 1 + 1 + 4 + NONCE_BYTES + 1 + 1 + MAC_BYTES;
/** The longest id issueSession makes, in base64url characters. */
export const MAX_SESSION_ID_LENGTH = Math.ceil(
  ((FIXED_BYTES + MAX_CLIENT_NAME_BYTES + MAX_CLIENT_VERSION_BYTES) * 4) / 3,
);

/** `text` cut to at most `max` bytes of UTF-8 without splitting a character. */
function cutUtf8(text: string, max: number): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return bytes;
  let end = max;
  // Step back over continuation bytes (10xxxxxx) so the cut falls on a character boundary.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end);
}

function mac(key: Buffer, payload: Buffer): Buffer {
  return createHmac('sha256', key).update('mcp-session\0').update(payload).digest().subarray(0, MAC_BYTES);
}

/**
 * A new session and its id: base64url (visible ASCII, as Mcp-Session-Id must be), 96 random bits so no
 * two are alike, and an HMAC-SHA256 under `key` so that only ids this deployment issued are ever served.
 */
export function issueSession(
  session: { protocolVersion: string; client: { name: string; version: string } },
  key: Buffer,
  now = Date.now(),
): SessionRecord {
  const revision = (SESSION_REVISIONS as readonly string[]).indexOf(session.protocolVersion);
  if (revision < 0) throw new RangeError(`${session.protocolVersion} is not a session revision`);
  // Cleaned before it is kept, and cut early: the id is all a session keeps, and every field of it is bounded.
  const name = cutUtf8(cleanClientText(session.client.name.slice(0, 200), 200), MAX_CLIENT_NAME_BYTES);
  const version = cutUtf8(cleanClientText(session.client.version.slice(0, 200), 200), MAX_CLIENT_VERSION_BYTES);
  const head = Buffer.alloc(6);
  head.writeUInt8(FORMAT, 0);
  head.writeUInt8(revision, 1);
  head.writeUInt32BE(Math.floor(now / 1000), 2);
  const payload = Buffer.concat([
    head,
    randomBytes(NONCE_BYTES),
    Buffer.from([name.length]),
    name,
    Buffer.from([version.length]),
    version,
  ]);
  return {
    id: Buffer.concat([payload, mac(key, payload)]).toString('base64url'),
    protocolVersion: session.protocolVersion,
    client: { name: name.toString('utf8'), version: version.toString('utf8') },
    createdAt: Math.floor(now / 1000) * 1000,
  };
}

/** The session an id names when this deployment's `key` signed it; undefined for anything else. */
export function readSessionId(id: string, key: Buffer): SessionRecord | undefined {
  if (id.length > MAX_SESSION_ID_LENGTH || !/^[A-Za-z0-9_-]+$/.test(id)) return undefined;
  const bytes = Buffer.from(id, 'base64url');
  if (bytes.length < FIXED_BYTES || bytes.toString('base64url') !== id) return undefined;
  const payload = bytes.subarray(0, bytes.length - MAC_BYTES);
  if (!timingSafeEqual(mac(key, payload), bytes.subarray(bytes.length - MAC_BYTES))) return undefined;
  const protocolVersion = SESSION_REVISIONS[payload.readUInt8(1)];
  if (payload.readUInt8(0) !== FORMAT || protocolVersion === undefined) return undefined;
  const nameStart = 6 + NONCE_BYTES + 1;
  const nameEnd = nameStart + payload.readUInt8(nameStart - 1);
  const versionEnd = nameEnd + 1 + (payload[nameEnd] ?? 0);
  if (versionEnd !== payload.length) return undefined;
  return {
    id,
    protocolVersion,
    client: {
      name: payload.subarray(nameStart, nameEnd).toString('utf8'),
      version: payload.subarray(nameEnd + 1, versionEnd).toString('utf8'),
    },
    createdAt: payload.readUInt32BE(2) * 1000,
  };
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
 * id on every request, so the most recent verified ids are remembered and their MAC is not computed again.
 */
export function readSession(id: string): SessionRecord | undefined {
  const verified = (holder.verified ??= new Map());
  const session: SessionRecord | undefined = verified.get(id) ?? readSessionId(id, getSessionKey());
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
