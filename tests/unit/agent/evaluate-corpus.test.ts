import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureAccuracy, readInquiryCorpus } from '@/lib/agent/scoring/scoring-accuracy';
import { loadContent } from '@/lib/content';

const CORPUS = path.resolve(import.meta.dirname, '../../fixtures/evaluate-inquiries.json');
const { engagements } = loadContent();
const keys = engagements.map((engagement) => engagement.key);
const inquiries = readInquiryCorpus(CORPUS);
const heldOut = inquiries.filter((inquiry) => inquiry.split === 'held-out');
const dev = inquiries.filter((inquiry) => inquiry.split === 'dev');

describe('the labelled corpus of inquiries', () => {
  it('has at least 150 inquiries with unique ids, about half of them held out', () => {
    expect(inquiries.length).toBeGreaterThanOrEqual(150);
    expect(new Set(inquiries.map((inquiry) => inquiry.id)).size).toBe(inquiries.length);
    expect(heldOut.length).toBeGreaterThanOrEqual(75);
    expect(dev.length).toBeGreaterThanOrEqual(75);
  });

  it("labels every inquiry with real engagement keys, and every engagement is some inquiry's best answer", () => {
    for (const inquiry of inquiries) for (const key of inquiry.accept) expect(keys, inquiry.id).toContain(key);
    for (const split of [dev, heldOut])
      expect(new Set(split.map((inquiry) => inquiry.accept[0]))).toEqual(new Set(keys));
  });
});

describe('evaluate_client_needs on the corpus', () => {
  it('recommends an acceptable engagement for at least 9 in 10 held-out inquiries', () => {
    const { accuracy, beyondFallback } = measureAccuracy(engagements, heldOut);
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
    expect(beyondFallback.accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('does at least as well on the development half it was tuned on', () => {
    expect(measureAccuracy(engagements, dev).accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('counts a miss as a miss: an engagement nobody accepts scores zero', () => {
    const wrong = heldOut.map((inquiry) => ({ ...inquiry, accept: ['not-an-engagement'] }));
    const result = measureAccuracy(engagements, wrong);
    expect(result.accuracy).toBe(0);
    expect(result.misses).toHaveLength(wrong.length);
  });
});
