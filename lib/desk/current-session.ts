import { cookies, headers } from 'next/headers';
import { getConfig } from '@/lib/config/env';
import { originFromHeaders } from '@/lib/security/public-origin';
import { deskStore } from '@/lib/stores/desk/open-desk-store';
import { SESSION_COOKIE, readSession } from './session';
import { sessionKeyFor } from './session-key';

/** The desk's store and the key its sessions are signed with, for this process. */
export async function deskKeys() {
  const config = getConfig();
  const store = await deskStore(config);
  return { store, key: await sessionKeyFor(config, store) };
}

/** The signed-in session of this request, or undefined (no cookie, a forged or expired one, or one signed out). */
export async function currentDeskSession(): Promise<{ id: string } | undefined> {
  const cookie = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!cookie) return undefined;
  const { store, key } = await deskKeys();
  return readSession(store, key, cookie);
}

/** What the desk's page knows of the visitor: signed in, not, or nothing can be checked now. */
type DeskVisitor = { session: { id: string } } | { session: undefined; unavailable?: true };

/**
 * The visitor of this request. A store that cannot open or answer (a read-only DATA_DIR, Redis down) signs no
 * one in: it is logged with its reason, and the page says only that sign-in is unavailable (no paths shown).
 */
export async function deskVisitor(): Promise<DeskVisitor> {
  try {
    const session = await currentDeskSession();
    return session ? { session } : { session: undefined };
  } catch (error) {
    console.warn('[desk] sign-in cannot be checked', error instanceof Error ? error.message : error);
    return { session: undefined, unavailable: true };
  }
}

/** Whether the site is reached over https here (the cookie is then `Secure`). */
export async function servedOverHttps(): Promise<boolean> {
  return originFromHeaders(await headers()).startsWith('https:');
}
