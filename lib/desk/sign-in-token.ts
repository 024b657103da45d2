import { randomBytes } from 'node:crypto';
import { DESK_SIGN_IN_PATH } from '@/lib/http/desk-path';
import { keptHash } from './kept-hash';
import type { DeskStore } from '@/lib/stores/desk/desk-store';

/** How long a mailed sign-in link works. */
export const SIGN_IN_TOKEN_TTL_SECONDS = 15 * 60;

/** 32 random bytes in base64url: 43 characters of the URL-safe alphabet, no padding. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Makes a sign-in token (256 random bits, base64url) for a mailed link, and keeps its hash for 15 minutes. */
export async function issueSignInToken(store: DeskStore): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await store.putSignInToken(keptHash(token), SIGN_IN_TOKEN_TTL_SECONDS);
  return token;
}

/** A fresh sign-in link on `origin` (the site's own, never one a client chose): its page, with a new token. */
export async function issueSignInLink(store: DeskStore, origin: string): Promise<string> {
  const token = await issueSignInToken(store);
  return `${origin.replace(/\/+$/, '')}${DESK_SIGN_IN_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * The token a link's `token=` value carries: as it is when it has a token's shape; without the `3D` a mail's
 * quoted-printable encoding put before it (`token=3D…`, a link copied from the raw mail), since that is all the
 * difference; else undefined: the link was cut or changed on its way, and the page says how to open it whole.
 */
export function tokenInLink(value: string): string | undefined {
  if (TOKEN_SHAPE.test(value)) return value;
  const unquoted = value.startsWith('3D') ? value.slice(2) : undefined;
  return unquoted !== undefined && TOKEN_SHAPE.test(unquoted) ? unquoted : undefined;
}

/**
 * Whether `token` is a sign-in token issued here, unexpired and never used; it is used up by this call. Anything
 * not shaped like a token is refused without asking the store.
 */
export async function redeemSignInToken(store: DeskStore, token: string): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false;
  return store.takeSignInToken(keptHash(token));
}
