import { randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { keptHash } from './kept-hash';
import type { DeskStore } from '@/lib/stores/desk/desk-store';

/** The cookie that carries the owner's session. */
export const SESSION_COOKIE = 'desk_session';
/** How long a session lasts, in the cookie and in the store alike. */
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;

// Issuer and audience name this use of the key, so no other token signed with it passes for a desk session.
const ISSUER = 'consultancy-site';
const AUDIENCE = 'consultancy-site:desk';
const SESSION_ID_SHAPE = /^[A-Za-z0-9_-]{43}$/;

interface SessionClock {
  /** The time in milliseconds (tests move it); Date.now by default. */
  now?: () => number;
}

/**
 * Starts a session: a random id carried as the `jti` of a JWT (HS256) signed with `key`, of which the store keeps
 * only the hash, for SESSION_TTL_SECONDS: with the key beside it there, the id itself would make a cookie. Set the
 * cookie HttpOnly, Secure, SameSite=Lax, with this Max-Age.
 */
export async function startSession(
  store: DeskStore,
  key: Uint8Array,
  clock: SessionClock = {},
): Promise<{ cookieValue: string; maxAgeSeconds: number }> {
  const id = randomBytes(32).toString('base64url');
  const now = Math.floor((clock.now ?? Date.now)() / 1000);
  const cookieValue = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + SESSION_TTL_SECONDS)
    .sign(key);
  await store.putSession(keptHash(id), SESSION_TTL_SECONDS);
  return { cookieValue, maxAgeSeconds: SESSION_TTL_SECONDS };
}

/** The session id a cookie proves by its signature and expiry alone, or undefined. */
async function verifiedId(
  key: Uint8Array,
  cookieValue: string | undefined,
  clock: SessionClock,
): Promise<string | undefined> {
  if (!cookieValue) return undefined;
  try {
    const { payload } = await jwtVerify(cookieValue, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['jti', 'exp'],
      currentDate: new Date((clock.now ?? Date.now)()),
    });
    return typeof payload.jti === 'string' && SESSION_ID_SHAPE.test(payload.jti) ? payload.jti : undefined;
  } catch (error) {
    // A cookie that is not ours, altered or expired proves nothing; any other failure is a fault to see.
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}

/**
 * The session the cookie names, when it is signed with `key`, unexpired, and not ended on the server; otherwise
 * undefined (absent, altered, signed with another key, expired, ended). A store that cannot answer rejects, so
 * the desk fails closed.
 */
export async function readSession(
  store: DeskStore,
  key: Uint8Array,
  cookieValue: string | undefined,
  clock: SessionClock = {},
): Promise<{ id: string } | undefined> {
  const id = await verifiedId(key, cookieValue, clock);
  if (!id || !(await store.hasSession(keptHash(id)))) return undefined;
  return { id };
}

/**
 * Ends the session the cookie names on the server, so the cookie is refused even if kept; a bad or expired cookie
 * ends nothing (an expired session is gone from the store already).
 */
export async function endSession(
  store: DeskStore,
  key: Uint8Array,
  cookieValue: string | undefined,
  clock: SessionClock = {},
): Promise<void> {
  const id = await verifiedId(key, cookieValue, clock);
  if (id) await store.endSession(keptHash(id));
}
