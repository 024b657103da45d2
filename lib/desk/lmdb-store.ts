import { mkdirSync } from 'node:fs';
import { type Database, open } from 'lmdb';
import type { DeskStore } from './store';

const TOKEN = 't|';
const SESSION = 's|';
const LINK_REQUESTS = 'link-requests';
const SESSION_KEY = 'session-key';

export interface LmdbDeskStoreOptions {
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

  async countLinkRequest(windowSeconds: number): Promise<number> {
    const now = this.now();
    return this.db.transaction(() => {
      const kept = this.db.get(LINK_REQUESTS);
      const window = isWindow(kept) && kept.until > now ? kept : { count: 0, until: now + windowSeconds * 1000 };
      const count = window.count + 1;
      this.db.putSync(LINK_REQUESTS, { count, until: window.until });
      return count;
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
