import { describe, expect, it } from 'vitest';
import { MAX_SIGHTINGS, MemorySightings } from '@/lib/stores/sightings/sighting-store';

const NOW = 1_800_000_000_000;
const signature = (id: string, expiresAt = NOW + 60_000) => ({ id, expiresAt });

describe('MemorySightings', () => {
  it('takes a signature once, however often it is replayed within its life', async () => {
    const store = new MemorySightings();
    expect(await store.isFirstSighting(signature('a'), NOW)).toBe(true);
    expect(await store.isFirstSighting(signature('a'), NOW + 1_000)).toBe(false);
    expect(await store.isFirstSighting(signature('a'), NOW + 59_000)).toBe(false);
    expect(await store.isFirstSighting(signature('b'), NOW)).toBe(true);
  });

  it('when full, forgets the signatures that have expired, and never a live one', () => {
    const store = new MemorySightings();
    for (let i = 0; i < MAX_SIGHTINGS; i++) store.take(signature(`s${i}`, NOW + (i % 2 === 0 ? 1_000 : 60_000)), NOW);
    // Full of live signatures: a new one is not taken, and no replay of a remembered one is.
    expect(store.take(signature('new'), NOW)).toBe(false);
    expect(store.take(signature('s1'), NOW)).toBe(false);
    // Once half of them have expired, their room is taken back; the live ones stay remembered.
    expect(store.take(signature('new'), NOW + 2_000)).toBe(true);
    expect(store.take(signature('s1'), NOW + 2_000)).toBe(false);
    expect(store.take(signature('s3'), NOW + 2_000)).toBe(false);
  });
});
