import { getConfig } from '@/lib/config/env';
import { processSingleton } from '@/lib/process-singleton';

/** What ending a session did: recorded it, found it already ended, or found no room to record it. */
export type EndOutcome = 'ended' | 'already-ended' | 'full';

/**
 * The sessions DELETE ended, the only thing the server keeps about sessions. A record is kept until its session's
 * lifetime is over and never dropped before: forgetting it would make an ended id work again. So a store holding
 * its most records, none of them past its lifetime, refuses the next end ('full') rather than forget another.
 */
export interface EndedSessionStore {
  /** Records that a session ended, kept until `until` (epoch ms). */
  end(id: string, until: number): Promise<EndOutcome>;
  hasEnded(id: string): Promise<boolean>;
}

/**
 * Ended sessions in a Map, so memory stays bounded whatever clients do: at most `maxEnded` records, and when it is
 * full those past their session's lifetime are swept (the scan runs only once the earliest of them is over).
 */
export class MemoryEndedSessions implements EndedSessionStore {
  private readonly ended = new Map<string, number>();
  private readonly maxEnded: number;
  private readonly now: () => number;
  /** The earliest `until` held; until then a full store has nothing to sweep. */
  private earliestUntil = Infinity;

  constructor(options: { maxEnded?: number; now?: () => number } = {}) {
    this.maxEnded = Math.max(1, options.maxEnded ?? 10_000);
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.ended.size;
  }

  async end(id: string, until: number): Promise<EndOutcome> {
    if (await this.hasEnded(id)) return 'already-ended';
    if (this.ended.size >= this.maxEnded && !this.ended.has(id)) this.sweep();
    if (this.ended.size >= this.maxEnded && !this.ended.has(id)) return 'full';
    this.ended.set(id, until);
    this.earliestUntil = Math.min(this.earliestUntil, until);
    return 'ended';
  }

  async hasEnded(id: string): Promise<boolean> {
    const until = this.ended.get(id);
    return until !== undefined && until > this.now();
  }

  private sweep(): void {
    const now = this.now();
    if (this.earliestUntil > now) return;
    this.earliestUntil = Infinity;
    for (const [id, until] of this.ended) {
      if (until <= now) this.ended.delete(id);
      else this.earliestUntil = Math.min(this.earliestUntil, until);
    }
  }
}

const holder = processSingleton<{ store?: EndedSessionStore }>('mcp-ended-sessions', () => ({}));

/** Where this process remembers ended sessions: memory bounded by MCP_MAX_SESSIONS, or Redis (open-stores.ts). */
export function getEndedSessions(): EndedSessionStore {
  holder.store ??= new MemoryEndedSessions({ maxEnded: getConfig().MCP_MAX_SESSIONS });
  return holder.store;
}

export function setEndedSessions(next: EndedSessionStore): void {
  holder.store = next;
}
