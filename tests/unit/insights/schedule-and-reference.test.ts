import { describe, expect, it } from 'vitest';
import { latestDigestSlot } from '@/lib/insights/digest';
import { REFERENCE_PATTERN, newInquiryReference } from '@/lib/agent/inquiry-reference';

describe('the inquiry reference', () => {
  it('is the UTC day and six characters of Crockford base32, different each time', () => {
    const at = new Date('2026-11-23T23:59:00Z');
    const references = new Set(Array.from({ length: 200 }, () => newInquiryReference(at)));
    expect(references.size).toBe(200);
    for (const reference of references) {
      expect(reference).toMatch(REFERENCE_PATTERN);
      expect(reference.startsWith('261123-')).toBe(true);
      expect(reference).not.toMatch(/[ILOU]/);
    }
  });
});

describe("the weekly digest's slot", () => {
  const at = (iso: string) => Date.parse(iso);
  it('is the latest DIGEST_DAY at DIGEST_HOUR (UTC) at or before now', () => {
    // 2026-11-23 is a Monday.
    expect(latestDigestSlot(at('2026-11-23T07:00:00Z'), 'mon', 7)).toBe(at('2026-11-23T07:00:00Z'));
    expect(latestDigestSlot(at('2026-11-23T06:59:59Z'), 'mon', 7)).toBe(at('2026-11-16T07:00:00Z'));
    expect(latestDigestSlot(at('2026-11-26T12:00:00Z'), 'mon', 7)).toBe(at('2026-11-23T07:00:00Z'));
    expect(latestDigestSlot(at('2026-11-26T12:00:00Z'), 'fri', 0)).toBe(at('2026-11-20T00:00:00Z'));
    expect(latestDigestSlot(at('2026-11-29T23:00:00Z'), 'sun', 23)).toBe(at('2026-11-29T23:00:00Z'));
  });
});
