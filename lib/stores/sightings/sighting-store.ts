import { processSingleton } from '@/lib/process-singleton';

/** A verified signature as the count knows it: its id (key id and signature bytes) and when it expires (ms). */
export interface SeenSignature {
  id: string;
  expiresAt: number;
}

/** Where verified signatures are remembered until they expire, so that each is counted once. */
export interface SightingStore {
  /** Whether `signature` is seen for the first time within its life; it is then remembered until it expires. */
  isFirstSighting(signature: SeenSignature, now?: number): Promise<boolean>;
}

/** The most signatures one process remembers at once; a signature lives a day at most (verify-request.ts). */
export const MAX_SIGHTINGS = 10_000;

/**
 * Signatures remembered in this process, each until it expires. When MAX_SIGHTINGS live ones are held, a new one is
 * not taken: a count too low, never one counted twice.
 */
export class MemorySightings implements SightingStore {
  private readonly seen = new Map<string, number>();

  async isFirstSighting(signature: SeenSignature, now = Date.now()): Promise<boolean> {
    return this.take(signature, now);
  }

  /** The synchronous step, for the Redis store's fallback too. */
  take(signature: SeenSignature, now = Date.now()): boolean {
    if (this.seen.has(signature.id)) return false;
    if (this.seen.size >= MAX_SIGHTINGS) {
      for (const [id, expiresAt] of this.seen) if (expiresAt <= now) this.seen.delete(id);
      if (this.seen.size >= MAX_SIGHTINGS) return false;
    }
    this.seen.set(signature.id, signature.expiresAt);
    return true;
  }
}

/**
 * What a sighting is for: the count takes a signature once, and the consultant's mail calls it proof once. Each
 * keeps its own record, as the count and the mail see the same request apart.
 */
export type SightingPurpose = 'count' | 'mail';

// One per process: under bare `next start` proxy.ts, which counts, is a bundle of its own.
const sightings = processSingleton<Record<SightingPurpose, SightingStore>>('web-bot-auth-sightings', () => ({
  count: new MemorySightings(),
  mail: new MemorySightings(),
}));

/** Whether a verified signature is seen for the first time within its life for `purpose`, in the store chosen. */
export function isFirstSighting(signature: SeenSignature, purpose: SightingPurpose): Promise<boolean> {
  return sightings[purpose].isFirstSighting(signature);
}

/** Remembers signatures in the store `storeFor` makes for each purpose (Redis: lib/stores/open-stores.ts). */
export function setSightingStores(storeFor: (purpose: SightingPurpose) => SightingStore): void {
  sightings.count = storeFor('count');
  sightings.mail = storeFor('mail');
}
