/** The limits a sign-in-link request is counted against, each in a window of `windowSeconds`. */
export interface LinkRequestLimits {
  /** Links one client (an address, an IPv6 /64) may ask for in a window. */
  perClient: number;
  /** Links the whole site may mail in a window, whoever asks. */
  siteWide: number;
  windowSeconds: number;
}

/** What counting a link request found: counted (a link may go out), or the limit that refused it. */
export type LinkRequestCount = 'counted' | 'client-capped' | 'site-capped';

/**
 * Where the desk keeps what signing in needs: sign-in tokens and open sessions (both by hash), the counts of sign-in
 * links asked for, and the key sessions are signed with. LMDB in `<DATA_DIR>/desk` on one instance; Redis, shared by
 * every instance, with REDIS_URL (lib/stores/desk/open-desk-store.ts chooses).
 */
export interface DeskStore {
  putSignInToken(hash: string, ttlSeconds: number): Promise<void>;
  /** Removes the hash; true only when it was there and unexpired. Atomic: a token works once across instances. */
  takeSignInToken(hash: string): Promise<boolean>;
  putSession(id: string, ttlSeconds: number): Promise<void>;
  hasSession(id: string): Promise<boolean>;
  endSession(id: string): Promise<void>;
  /**
   * Counts one sign-in-link request of `client` when both its count and the site's are under their limits, in one
   * atomic step across instances. A refused request counts nowhere: an address past its own limit takes nothing
   * more of the site's.
   */
  countLinkRequest(client: string, limits: LinkRequestLimits): Promise<LinkRequestCount>;
  /** The key sessions are signed with: `candidate` if none is kept yet (first writer wins across instances and restarts), else the kept one. */
  sessionKey(candidate: string): Promise<string>;
  close(): Promise<void>;
}
