import { processSingleton } from '@/lib/process-singleton';

/**
 * Idempotency-Key support for schedule_consultation: a repeat with the same key within 24 hours
 * returns the first result and sends no second mail. Only a success is remembered; a failure releases the key,
 * since nothing was delivered and a retry should try again. The store is an interface so that several
 * instances can share it (redis-idempotency-store.ts beside it); the memory store serves one process.
 */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/**
 * How long a claim (a request with the key still running) holds the key. The whole mail delivery takes at most
 * about 15 s; a claim left behind by a crashed instance of a shared store then frees the key soon, not after 24 h.
 */
export const IDEMPOTENCY_CLAIM_TTL_SECONDS = 120;

/** The remembered outcome of the first request with a key. */
export interface IdempotencyRecord {
  /** A hash of the request body, so that the same key with another body can be refused. */
  fingerprint: string;
  status: number;
  body: string;
}

export type IdempotencyClaim =
  { state: 'new' } | { state: 'in-progress'; fingerprint: string } | { state: 'done'; record: IdempotencyRecord };

export interface IdempotencyStore {
  /** Claims `key` for a request with `fingerprint`; says whether it is new, being handled, or done. Atomic. */
  claim(key: string, fingerprint: string, ttlSeconds: number): Promise<IdempotencyClaim>;
  /** Remembers the outcome of a claimed key for `ttlSeconds`. */
  complete(key: string, record: IdempotencyRecord, ttlSeconds: number): Promise<void>;
  /** Releases a claimed key whose request failed, so that a retry runs again. */
  release(key: string): Promise<void>;
}

const MAX_KEYS = 100_000;

type Entry = { expiresAt: number } & (
  { state: 'in-progress'; fingerprint: string } | { state: 'done'; record: IdempotencyRecord }
);

/** Keys in a Map, expiring after their time to live; the oldest are dropped past MAX_KEYS. */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  async claim(key: string, fingerprint: string, ttlSeconds: number): Promise<IdempotencyClaim> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > now) {
      return entry.state === 'done'
        ? { state: 'done', record: entry.record }
        : { state: 'in-progress', fingerprint: entry.fingerprint };
    }
    if (this.entries.size >= MAX_KEYS) this.sweep(now);
    this.entries.set(key, { state: 'in-progress', fingerprint, expiresAt: now + ttlSeconds * 1000 });
    return { state: 'new' };
  }

  async complete(key: string, record: IdempotencyRecord, ttlSeconds: number): Promise<void> {
    this.entries.set(key, { state: 'done', record, expiresAt: this.now() + ttlSeconds * 1000 });
  }

  async release(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size < MAX_KEYS * 0.9) break;
      this.entries.delete(key);
    }
  }
}

const holder = processSingleton<{ store: IdempotencyStore }>('idempotency-store', () => ({
  store: new MemoryIdempotencyStore(),
}));

/** The idempotency store of this process. */
export function getIdempotencyStore(): IdempotencyStore {
  return holder.store;
}

/** Replaces the idempotency store (the Redis store, or a test's). */
export function setIdempotencyStore(next: IdempotencyStore): void {
  holder.store = next;
}
