import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_SIGHTINGS, forgetSightings, isFirstSighting } from '@/lib/security/web-bot-auth/first-sighting';

const NOW = 1_800_000_000_000;
const signature = (id: string, expiresAt = NOW + 60_000) => ({ id, expiresAt });

beforeEach(() => forgetSightings());

describe('isFirstSighting', () => {
  it('takes a signature once, however often it is replayed within its life', () => {
    expect(isFirstSighting(signature('a'), NOW)).toBe(true);
    expect(isFirstSighting(signature('a'), NOW + 1_000)).toBe(false);
    expect(isFirstSighting(signature('a'), NOW + 59_000)).toBe(false);
    expect(isFirstSighting(signature('b'), NOW)).toBe(true);
  });

  it('when full, forgets the signatures that have expired, and never a live one', () => {
    for (let i = 0; i < MAX_SIGHTINGS; i++)
      isFirstSighting(signature(`s${i}`, NOW + (i % 2 === 0 ? 1_000 : 60_000)), NOW);
    // Full of live signatures: a new one is not taken, and no replay of a remembered one is.
    expect(isFirstSighting(signature('new'), NOW)).toBe(false);
    expect(isFirstSighting(signature('s1'), NOW)).toBe(false);
    // Once half of them have expired, their room is taken back; the live ones stay remembered.
    expect(isFirstSighting(signature('new'), NOW + 2_000)).toBe(true);
    expect(isFirstSighting(signature('s1'), NOW + 2_000)).toBe(false);
    expect(isFirstSighting(signature('s3'), NOW + 2_000)).toBe(false);
  });
});
