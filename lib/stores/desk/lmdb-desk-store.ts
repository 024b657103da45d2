import { mkdirSync } from 'node:fs';
import { type Database, open } from 'lmdb';
import type { DeskStore, LinkRequestCount, LinkRequestLimits } from './desk-store';

const TOKEN = 't|';
const SESSION = 's|';
const LINK_REQUESTS = 'link-requests';
const LINK_REQUESTS_OF = 'link-requests|';
const SESSION_KEY = 'session-key';

interface LmdbDeskStoreOptions {
  /** The clock expiry is read against, in milliseconds (tests move it). */
  now?: () => number;
}

/**
 * The desk's embedded store: LMDB in the directory given (`<DATA_DIR>/desk`). Tokens and sessions are kept with
 * the moment they expire, checked on read; each check-and-change is one write transaction, which LMDB runs one at
 * a time across every process that has the store open, so a token is taken once.
 */
export class LmdbDeskStore implements DeskStore {
  private readonly db: Database<unknown, string>;
  private readonly now: () => number;

  constructor(directory: string, options: LmdbDeskStoreOptions = {}) {
    mkdirSync(directory, { recursive: true });
    this.db = open<unknown, string>({ path: directory, compression: false });
    this.now = options.now ?? Date.now;
  }

  async putSignInToken(hash: string, ttlSeconds: number): Promise<void> {
    await this.putExpiring(TOKEN, hash, ttlSeconds);
  }

  async takeSignInToken(hash: string): Promise<boolean> {
    const now = this.now();
    return this.db.transaction(() => {
      const until = this.db.get(`${TOKEN}${hash}`);
      if (until === undefined) return false;
      this.db.removeSync(`${TOKEN}${hash}`);
      return typeof until === 'number' && until > now;
    });
  }

  async putSession(id: string, ttlSeconds: number): Promise<void> {
    await this.putExpiring(SESSION, id, ttlSeconds);
  }

  async hasSession(id: string): Promise<boolean> {
    const until = this.db.get(`${SESSION}${id}`);
    return typeof until === 'number' && until > this.now();
  }

  async endSession(id: string): Promise<void> {
    await this.db.remove(`${SESSION}${id}`);
  }

  async countLinkRequest(client: string, limits: LinkRequestLimits): Promise<LinkRequestCount> {
    const now = this.now();
    const fresh = { count: 0, until: now + limits.windowSeconds * 1000 };
    return this.db.transaction(() => {
      const clientKey = `${LINK_REQUESTS_OF}${client}`;
      const mine = this.liveWindow(clientKey, now) ?? fresh;
      if (mine.count >= limits.perClient) return 'client-capped';
      const site = this.liveWindow(LINK_REQUESTS, now) ?? fresh;
      if (site.count >= limits.siteWide) return 'site-capped';
      // Only counted clients are written, so the live ones are at most the site's limit.
      for (const { key, value } of this.db.getRange({ start: LINK_REQUESTS_OF, end: `${LINK_REQUESTS_OF}\uffff` })) {
        if (!isWindow(value) || value.until <= now) this.db.removeSync(key);
      }
      this.db.putSync(clientKey, { count: mine.count + 1, until: mine.until });
      this.db.putSync(LINK_REQUESTS, { count: site.count + 1, until: site.until });
      return 'counted';
    });
  }

  async sessionKey(candidate: string): Promise<string> {
    return this.db.transaction(() => {
      const kept = this.db.get(SESSION_KEY);
      if (typeof kept === 'string') return kept;
      this.db.putSync(SESSION_KEY, candidate);
      return candidate;
    });
  }

  async close(): Promise<void> {
    await this.db.close();
  }

  /** The counting window kept at `key` while it lasts, else undefined. */
  private liveWindow(key: string, now: number): { count: number; until: number } | undefined {
    const kept = this.db.get(key);
    return isWindow(kept) && kept.until > now ? kept : undefined;
  }

  /** Keeps `name` until its time to live is over, and drops the expired entries of its kind (a handful at most). */
  private async putExpiring(prefix: string, name: string, ttlSeconds: number): Promise<void> {
    const now = this.now();
    await this.db.transaction(() => {
      for (const { key, value } of this.db.getRange({ start: prefix, end: `${prefix}\uffff` })) {
        if (typeof value !== 'number' || value <= now) this.db.removeSync(key);
      }
      this.db.putSync(`${prefix}${name}`, now + ttlSeconds * 1000);
    });
  }
}

function isWindow(value: unknown): value is { count: number; until: number } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'count' in value &&
    typeof value.count === 'number' &&
    'until' in value &&
    typeof value.until === 'number'
  );
}
