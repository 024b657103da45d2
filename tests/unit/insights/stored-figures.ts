import type { Inquiry, InsightsStore } from '@/lib/stores/insights/insights-store';

/**
 * A store that holds only what a report reads: `counts` (keys as lib/counting/counts.ts writes them), the
 * inquiries and the answered marks. Anything that would write fails, so a report that writes is caught.
 */
export function storedFigures(
  counts: Record<string, number>,
  inquiries: Inquiry[] = [],
  answered: Record<string, string> = {},
): InsightsStore {
  const fail = () => Promise.reject(new Error('not used'));
  return {
    addCounts: fail,
    addInquiry: fail,
    readCounts: async () => new Map(Object.entries(counts)),
    readInquiries: async () => inquiries,
    markAnswered: fail,
    readAnswered: async () => new Map(Object.entries(answered)),
    unmarkAnswered: fail,
    keepDetails: fail,
    readDetails: async () => new Map(),
    eraseDetails: fail,
    claim: fail,
    release: fail,
    prune: fail,
    close: async () => {},
  };
}
