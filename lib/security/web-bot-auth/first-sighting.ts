import { processSingleton } from '@/lib/process-singleton';

/** The most signatures remembered at once; a signature lives a day at most (verify-request.ts). */
export const MAX_SIGHTINGS = 10_000;

/** Verified signatures already taken, by id, with the time each expires. One per process, as the counts are. */
const sightings = processSingleton('web-bot-auth-sightings', () => new Map<string, number>());

/**
 * Whether a verified signature is seen for the first time within its life, so that a replay of it is counted
 * once. Each is remembered until it expires; when MAX_SIGHTINGS live ones are held, a new one is not taken (a
 * count too low, never one counted twice).
 */
export function isFirstSighting(signature: { id: string; expiresAt: number }, now = Date.now()): boolean {
  if (sightings.has(signature.id)) return false;
  if (sightings.size >= MAX_SIGHTINGS) {
    for (const [id, expiresAt] of sightings) if (expiresAt <= now) sightings.delete(id);
    if (sightings.size >= MAX_SIGHTINGS) return false;
  }
  sightings.set(signature.id, signature.expiresAt);
  return true;
}

/** Forgets every sighting (tests). */
export function forgetSightings(): void {
  sightings.clear();
}
