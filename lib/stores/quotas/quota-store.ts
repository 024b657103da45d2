import { processSingleton } from '@/lib/process-singleton';

/** What a quota says about one client after counting a request. */
export interface QuotaState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
  windowSeconds: number;
  allowed: boolean;
  /** Requests counted in this window so far, this one included (past the limit when refused). */
  used: number;
}

/** How a counter is kept (MemoryQuotaStore below; Redis keeps every counter to its window). */
export interface QuotaOptions {
  /** One counter for every client (the site-wide mail ceiling): kept apart and never forgotten early. */
  siteWide?: boolean;
  /** A counter guarding mail: when memory is full of live windows the call is refused rather than one forgotten. */
  refuseWhenFull?: boolean;
}

/**
 * Counts requests per key in fixed windows. The memory store serves one process; the Redis store beside it
 * (redis-quota-store.ts) lets several instances share one count.
 */
export interface QuotaStore {
  consume(key: string, limit: number, windowSeconds: number, options?: QuotaOptions): Promise<QuotaState>;
}

const MAX_KEYS = 50_000;

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters in a Map; expired windows are swept when the map grows, so memory stays bounded. Site-wide
 * counters live in a map of their own that no flood of clients can touch.
 */
export class MemoryQuotaStore implements QuotaStore {
  private readonly windows = new Map<string, Window>();
  private readonly siteWide = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  async consume(key: string, limit: number, windowSeconds: number, options: QuotaOptions = {}): Promise<QuotaState> {
    const now = this.now();
    const windows = options.siteWide ? this.siteWide : this.windows;
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      if (!options.siteWide && windows.size >= MAX_KEYS) {
        this.sweepExpired(now);
        if (windows.size >= MAX_KEYS * 0.9) {
          if (options.refuseWhenFull) return this.refusedWhileFull(limit, windowSeconds, now);
          this.forgetOldest();
        }
      }
      window = { count: 0, resetAt: now + windowSeconds * 1000 };
      windows.set(key, window);
    }
    window.count += 1;
    return {
      limit,
      remaining: Math.max(0, limit - window.count),
      reset: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
      windowSeconds,
      allowed: window.count <= limit,
      used: window.count,
    };
  }

  private sweepExpired(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  /** Still full of live windows (a flood of distinct clients): the oldest tenth goes, which keeps the sweep rare. */
  private forgetOldest(): void {
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_KEYS * 0.9) break;
      this.windows.delete(key);
    }
  }

  /** Refused without a window of its own: the caller may try again when the first live window ends. */
  private refusedWhileFull(limit: number, windowSeconds: number, now: number): QuotaState {
    let firstReset = now + windowSeconds * 1000;
    for (const window of this.windows.values()) firstReset = Math.min(firstReset, window.resetAt);
    const reset = Math.max(1, Math.ceil((firstReset - now) / 1000));
    return { limit, remaining: 0, reset, windowSeconds, allowed: false, used: limit + 1 };
  }
}

const holder = processSingleton<{ store: QuotaStore }>('quota-store', () => ({ store: new MemoryQuotaStore() }));

/** The quota store of this process. */
export function getQuotaStore(): QuotaStore {
  return holder.store;
}

/** Replaces the quota store (the Redis store, or a test's). */
export function setQuotaStore(next: QuotaStore): void {
  holder.store = next;
}
