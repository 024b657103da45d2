/**
 * Where the desk keeps what signing in needs: sign-in tokens and open sessions (both by hash), the count of sign-in
 * links asked for, and the key sessions are signed with. LMDB in `<DATA_DIR>/desk` on one instance; Redis, shared by
 * every instance, with REDIS_URL (lib/desk/open-store.ts chooses).
 */
export interface DeskStore {
  putSignInToken(hash: string, ttlSeconds: number): Promise<void>;
  /** Removes the hash; true only when it was there and unexpired. Atomic: a token works once across instances. */
  takeSignInToken(hash: string): Promise<boolean>;
  putSession(id: string, ttlSeconds: number): Promise<void>;
  hasSession(id: string): Promise<boolean>;
  endSession(id: string): Promise<void>;
  /** Counts one sign-in-link request in the current window of `windowSeconds` (site-wide); returns the count including this one. */
  countLinkRequest(windowSeconds: number): Promise<number>;
  /** The key sessions are signed with: `candidate` if none is kept yet (first writer wins across instances and restarts), else the kept one. */
  sessionKey(candidate: string): Promise<string>;
  close(): Promise<void>;
}
