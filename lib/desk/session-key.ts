import { randomBytes } from 'node:crypto';
import type { Config } from '@/lib/config/env';
import type { DeskStore } from '@/lib/stores/desk/desk-store';

/**
 * The key desk sessions are signed with: DESK_SESSION_KEY when set; else a random 32-byte key, kept by the store
 * the first time (the first instance to offer one wins), so every instance and every restart signs alike.
 */
export async function sessionKeyFor(config: Config, store: DeskStore): Promise<Uint8Array> {
  if (config.DESK_SESSION_KEY) return new TextEncoder().encode(config.DESK_SESSION_KEY);
  const kept = Buffer.from(await store.sessionKey(randomBytes(32).toString('base64url')), 'base64url');
  // Anything shorter was not written by this code; signing with it would be weak.
  if (kept.length < 32)
    throw new Error("The desk's kept session key is shorter than 32 bytes: remove it to make a new one.");
  return new Uint8Array(kept);
}
