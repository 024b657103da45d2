import { count } from '@/lib/counting/counts';
import { processSingleton } from '@/lib/process-singleton';
import { RateLimitedError } from '../api-errors';
import { quotaClientOf } from './quota-client';

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

/** How a counter is kept (lib/quotas/consume-quota.ts's MemoryQuotaStore; Redis keeps every counter to its window). */
export interface QuotaOptions {
  /** One counter for every client (the site-wide mail ceiling): kept apart and never forgotten early. */
  siteWide?: boolean;
  /** A counter guarding mail: when memory is full of live windows the call is refused rather than one forgotten. */
  refuseWhenFull?: boolean;
}

/**
 * Counts requests per key in fixed windows. The memory store serves one process; lib/redis adds a Redis store
 * behind the same interface so that several instances share one count.
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

/** A named quota: `limit` requests per `windowSeconds`; a limit of 0 turns it off. */
export interface Quota {
  name: string;
  limit: number;
  windowSeconds: number;
  /** Set for a quota guarding mail (QuotaOptions). */
  refuseWhenFull?: boolean;
}

/**
 * Counts one request of the client at `address` against `quota`, keyed by quotaClientOf (an IPv6 client by its
 * /64). Past the quota it throws 429 RATE_LIMITED with Retry-After and the RateLimit-* headers; otherwise it
 * returns the state for the headers of the response. An unlimited quota (0) returns undefined and counts nothing.
 */
export async function consumeQuota(quota: Quota, address: string): Promise<QuotaState | undefined> {
  if (quota.limit <= 0) return undefined;
  const key = `${quota.name}:${quotaClientOf(address)}`;
  const state = await holder.store.consume(key, quota.limit, quota.windowSeconds, {
    refuseWhenFull: quota.refuseWhenFull,
  });
  if (!state.allowed) {
    count('refusal', quota.name);
    const per =
      quota.windowSeconds === 3600 ? 'hour' : quota.windowSeconds === 60 ? 'minute' : `${quota.windowSeconds} s`;
    throw new RateLimitedError(
      `Too many requests: the ${quota.name} quota is ${quota.limit} per ${per} for each client.`,
      `Wait ${state.reset} seconds (see Retry-After) and try again; the RateLimit-* headers show the quota.`,
      { 'Retry-After': String(state.reset), ...rateLimitHeaders(state) },
    );
  }
  return state;
}

/** The RateLimit-* response headers (draft-ietf-httpapi-ratelimit-headers, the -07 field names). */
export function rateLimitHeaders(state: QuotaState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.reset),
    'RateLimit-Policy': `${state.limit};w=${state.windowSeconds}`,
  };
}
