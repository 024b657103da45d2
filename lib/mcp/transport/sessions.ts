import { createHash } from 'node:crypto';
import { getConfig } from '@/lib/config/env';
import { processSingleton } from '@/lib/process-singleton';
import { type SessionRecord, readSessionId } from './session-id';

export { type SessionRecord, issueSession, readSessionId } from './session-id';

/**
 * How long a session id is served after its initialize, idle or not: no client working through a month is
 * stranded (some never initialize again after a 404), and it bounds how long an ended session is remembered.
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
  hasEnded(id: string): Promise<boolean>;
}

/**
 * Ended sessions in a Map kept in the order they ended, so memory stays bounded whatever clients do: entries
 * past their session's lifetime are swept from the front, and past `maxEnded` the oldest is forgotten.
 */
export class MemoryEndedSessions implements EndedSessionStore {
  private readonly ended = new Map<string, number>();
  private readonly maxEnded: number;
  private readonly now: () => number;

  constructor(options: { maxEnded?: number; now?: () => number } = {}) {
    this.maxEnded = Math.max(1, options.maxEnded ?? 10_000);
    this.now = options.now ?? Date.now;
  }

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

const holder = processSingleton<{ store?: EndedSessionStore; key?: Buffer; verified?: Map<string, SessionRecord> }>(
  'mcp-session-store',
  () => ({}),
);

/**
 * The key that signs session ids: from MCP_SESSION_KEY, else from a phrase in the code that anyone could sign
 * with, which grants nothing a fresh initialize does not (a session holds no secret and no rights).
 */
export function getSessionKey(): Buffer {
  holder.key ??= createHash('sha256')
    .update(getConfig().MCP_SESSION_KEY ?? 'consultancy-site mcp sessions')
    .digest();
  return holder.key;
}

/** How many verified session ids a process remembers. */
const MAX_VERIFIED_SESSIONS = 1024;

/**
 * The session an id names when this deployment signed it and it is within its lifetime. A client sends the same
 * id on every request, so the most recent verified ids are remembered and their MAC is not computed again.
 */
export function readSession(id: string): SessionRecord | undefined {
  const verified = (holder.verified ??= new Map());
  const session: SessionRecord | undefined = verified.get(id) ?? readSessionId(id, getSessionKey());
  // An id dated in the future would never expire (nor would its ended-session record): it is refused.
  if (!session || !isWithinLifetime(session)) {
    verified.delete(id);
    return undefined;
  }
  if (!verified.has(id)) {
    if (verified.size >= MAX_VERIFIED_SESSIONS) verified.delete(verified.keys().next().value ?? '');
    verified.set(id, session);
  }
  return session;
}

/** Where this process remembers ended sessions: memory bounded by MCP_MAX_SESSIONS, or Redis (setEndedSessions). */
export function getEndedSessions(): EndedSessionStore {
  holder.store ??= new MemoryEndedSessions({ maxEnded: getConfig().MCP_MAX_SESSIONS });
  return holder.store;
}

export function setEndedSessions(next: EndedSessionStore): void {
  holder.store = next;
}
