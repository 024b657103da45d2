import { randomBytes } from 'node:crypto';
import { getConfig } from '@/lib/config/env';
import { processSingleton } from '@/lib/process-singleton';

/**
 * All the server keeps about an MCP session: a small JSON-serialisable record. The MCP server and transport
 * are built afresh for every request from it, so a store shared between instances (Redis) lets a
 * session made on one instance continue on another.
 */
export interface SessionRecord {
  readonly id: string;
  /** The protocol revision negotiated at initialize. */
  readonly protocolVersion: string;
  readonly client: { readonly name: string; readonly version: string };
  /** Epoch milliseconds. */
  readonly createdAt: number;
}

/** Where sessions live. Every method is async so that a networked store fits behind it unchanged. */
export interface SessionStore {
  /** Saves a new session; may evict the least recently used one to stay within its bound. */
  create(record: SessionRecord): Promise<void>;
  /** The live session with this id, or undefined when unknown or expired; a hit restarts its idle timer. */
  touch(id: string): Promise<SessionRecord | undefined>;
  /** Ends a session; false when it was unknown or already expired. */
  delete(id: string): Promise<boolean>;
}

/** A session unused for this long expires (a Redis store would use the same value as the key's TTL). */
export const SESSION_IDLE_MS = 30 * 60_000;
/** At most this many live sessions per process (a record is a few hundred bytes: about 3 MB at the bound). */
export const MAX_SESSIONS = 10_000;

export interface MemorySessionStoreOptions {
  idleMs?: number;
  maxSessions?: number;
  now?: () => number;
}

/**
 * Sessions in a Map kept in least-recently-used order (a touch re-inserts), so expired sessions are always at
 * the front: sweeping stops at the first live one, and when the store is full the front one is evicted.
 * Memory is bounded by `maxSessions` however many clients come.
 */
export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, { record: SessionRecord; expiresAt: number }>();
  private readonly idleMs: number;
  private readonly maxSessions: number;
  private readonly now: () => number;

  constructor(options: MemorySessionStoreOptions = {}) {
    this.idleMs = options.idleMs ?? SESSION_IDLE_MS;
    this.maxSessions = Math.max(1, options.maxSessions ?? MAX_SESSIONS);
    this.now = options.now ?? Date.now;
  }

  /** Sessions held, live or not yet swept. */
  get size(): number {
    return this.sessions.size;
  }

  async create(record: SessionRecord): Promise<void> {
    const now = this.now();
    this.sweep(now);
    for (const id of this.sessions.keys()) {
      if (this.sessions.size < this.maxSessions) break;
      this.sessions.delete(id);
    }
    this.sessions.set(record.id, { record, expiresAt: now + this.idleMs });
  }

  async touch(id: string): Promise<SessionRecord | undefined> {
    const now = this.now();
    const entry = this.sessions.get(id);
    if (!entry) return undefined;
    this.sessions.delete(id);
    if (entry.expiresAt <= now) return undefined;
    this.sessions.set(id, { record: entry.record, expiresAt: now + this.idleMs });
    return entry.record;
  }

  async delete(id: string): Promise<boolean> {
    const entry = this.sessions.get(id);
    this.sessions.delete(id);
    return entry !== undefined && entry.expiresAt > this.now();
  }

  private sweep(now: number): void {
    for (const [id, entry] of this.sessions) {
      if (entry.expiresAt > now) break;
      this.sessions.delete(id);
    }
  }
}

/**
 * A new session id: 256 bits from the operating system's CSPRNG, base64url (visible ASCII, as the
 * Streamable HTTP transport requires of Mcp-Session-Id).
 */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** True when `id` has the form newSessionId makes; anything else cannot name a session. */
export function isWellFormedSessionId(id: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(id);
}

const holder = processSingleton<{ store?: SessionStore }>('mcp-session-store', () => ({}));

/**
 * The session store of this process. The memory store is made on first use, bounded by MCP_MAX_SESSIONS
 * (README, "Configuration"; tests set it low to watch the oldest session go).
 */
export function getSessionStore(): SessionStore {
  holder.store ??= new MemorySessionStore({ maxSessions: getConfig().MCP_MAX_SESSIONS });
  return holder.store;
}

/** Replaces the session store (the Redis store, or a test's). */
export function setSessionStore(next: SessionStore): void {
  holder.store = next;
}
