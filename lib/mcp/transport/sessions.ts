import { createHash } from 'node:crypto';
import { getConfig } from '@/lib/config/env';
import { processSingleton } from '@/lib/process-singleton';
import { type SessionRecord, readSessionId } from './session-id';

export { type SessionRecord, issueSession, readSessionId } from './session-id';

/**
 * How long a session id is served after its initialize, idle or not. Long enough that no client working
 * through a week or a month is ever stranded (some never initialize again after a 404), and the bound on how
 * long an ended session must be remembered.
 */
export const SESSION_LIFETIME_MS = 90 * 24 * 60 * 60_000;

/** How far ahead of this server's clock an id's issue time may be: the clocks of instances drift a little. */
const CLOCK_SKEW_MS = 60_000;

/** Whether a session is within its lifetime: issued no later than now (give or take skew), and not too long ago. */
export function isWithinLifetime(session: Pick<SessionRecord, 'createdAt'>, now = Date.now()): boolean {
  return session.createdAt <= now + CLOCK_SKEW_MS && session.createdAt + SESSION_LIFETIME_MS > now;
}

/** The sessions DELETE ended, the only thing the server keeps about sessions. */
export interface EndedSessionStore {
  /** Records that a session ended; false when it had already ended. Kept until `until` (epoch ms). */
  end(id: string, until: number): Promise<boolean>;
  /** True when DELETE ended this session. */
  hasEnded(id: string): Promise<boolean>;
}

export interface MemoryEndedSessionsOptions {
  /** The most ended sessions remembered; past it the one ended longest ago is forgotten. */
  maxEnded?: number;
  now?: () => number;
}

/**
 * Ended sessions in a Map kept in the order they ended, so memory stays bounded whatever clients do: entries
 * past their session's lifetime are swept from the front, and past `maxEnded` the oldest is forgotten.
 */
export class MemoryEndedSessions implements EndedSessionStore {
  private readonly ended = new Map<string, number>();
  private readonly maxEnded: number;
  private readonly now: () => number;

  constructor(options: MemoryEndedSessionsOptions = {}) {
    this.maxEnded = Math.max(1, options.maxEnded ?? 10_000);
    this.now = options.now ?? Date.now;
  }

  /** Ended sessions remembered. */
  get size(): number {
    return this.ended.size;
  }

  async end(id: string, until: number): Promise<boolean> {
    if (await this.hasEnded(id)) return false;
    for (const [old, expiresAt] of this.ended) {
      if (expiresAt > this.now() && this.ended.size < this.maxEnded) break;
      this.ended.delete(old);
    }
    this.ended.set(id, until);
    return true;
  }

  async hasEnded(id: string): Promise<boolean> {
    const until = this.ended.get(id);
    return until !== undefined && until > this.now();
  }
}

/**
 * The key that signs session ids: MCP_SESSION_KEY when set; otherwise one fixed in the code, the same on every
 * instance and build, which anyone reading the source could also sign with. That grants nothing a fresh
 * initialize does not (a session holds no secret and no rights), so the default is safe for this public site.
 */
export function sessionKey(): Buffer {
  const configured = getConfig().MCP_SESSION_KEY;
  return createHash('sha256')
    .update(configured ?? 'consultancy-site mcp sessions')
    .digest();
}

const holder = processSingleton<{ store?: EndedSessionStore; key?: Buffer; verified?: Map<string, SessionRecord> }>(
  'mcp-session-store',
  () => ({}),
);

/** The key of this process, derived once. */
export function getSessionKey(): Buffer {
  holder.key ??= sessionKey();
  return holder.key;
}

/** How many verified session ids a process remembers. */
const MAX_VERIFIED_SESSIONS = 1024;

/**
 * The session an id names when this deployment signed it (readSessionId under the process's key) and it is
 * within its lifetime. A client
 * sends the same id on every request, so ids already verified are remembered (the most recent, bounded) and
 * their MAC is not computed again; an id that fails is never remembered.
 */
export function readSession(id: string): SessionRecord | undefined {
  const verified = (holder.verified ??= new Map());
  const known = verified.get(id);
  if (known) {
    if (isWithinLifetime(known)) return known;
    verified.delete(id);
    return undefined;
  }
  const session = readSessionId(id, getSessionKey());
  // An id dated in the future would never expire (and neither would its ended-session record): it is refused.
  if (!session || !isWithinLifetime(session)) return undefined;
  if (verified.size >= MAX_VERIFIED_SESSIONS) {
    const [oldest] = verified.keys();
    if (oldest !== undefined) verified.delete(oldest);
  }
  verified.set(id, session);
  return session;
}

/** Where this process remembers ended sessions: memory bounded by MCP_MAX_SESSIONS, or Redis. */
export function getEndedSessions(): EndedSessionStore {
  holder.store ??= new MemoryEndedSessions({ maxEnded: getConfig().MCP_MAX_SESSIONS });
  return holder.store;
}

/** Replaces the ended-session store (the Redis store, or a test's). */
export function setEndedSessions(next: EndedSessionStore): void {
  holder.store = next;
}
