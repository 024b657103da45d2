import fs from 'node:fs';
import { z } from 'zod';
import type { Engagement } from '@/lib/content';
import { chooseEngagement } from './choose';

/** One labelled inquiry: what a client wrote, and every engagement key a consultant would accept, best first. */
const LabelledInquirySchema = z.strictObject({
  id: z.string().min(1),
  split: z.enum(['dev', 'held-out']).describe('dev may be tuned against; held-out only measures'),
  challenges: z.string(),
  technology_sector: z.string(),
  accept: z.array(z.string().min(1)).min(1),
});

const InquiryCorpusSchema = z.strictObject({
  about: z.string(),
  inquiries: z.array(LabelledInquirySchema).min(1),
});

type LabelledInquiry = z.infer<typeof LabelledInquirySchema>;

/** Reads and validates a corpus file such as tests/fixtures/evaluate-inquiries.json. */
export function readInquiryCorpus(file: string): LabelledInquiry[] {
  return InquiryCorpusSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8'))).inquiries;
}

/** How the recommendations for a set of inquiries compare with the consultant's labels. */
interface Accuracy {
  count: number;
  accepted: number;
  accuracy: number;
  /** The same over the inquiries where the fallback engagement is not acceptable. */
  beyondFallback: { count: number; accepted: number; accuracy: number };
  /** confusion[best label][recommended key]: how often each first-choice label got each recommendation. */
  confusion: Record<string, Record<string, number>>;
  misses: { inquiry: LabelledInquiry; recommended: string }[];
}

/** Recommends an engagement for each inquiry and counts how often it is one the consultant accepts. */
export function measureAccuracy(engagements: readonly Engagement[], inquiries: readonly LabelledInquiry[]): Accuracy {
  const keys = engagements.map((engagement) => engagement.key);
  const fallback = engagements.find((engagement) => engagement.fallback)?.key;
  const confusion = Object.fromEntries(keys.map((row) => [row, Object.fromEntries(keys.map((key) => [key, 0]))]));
  const misses: Accuracy['misses'] = [];
  let accepted = 0;
  const beyond = { count: 0, accepted: 0 };
  for (const inquiry of inquiries) {
    const recommended = chooseEngagement(engagements, inquiry).chosen.engagement.key;
    const ok = inquiry.accept.includes(recommended);
    const row = confusion[inquiry.accept[0] ?? ''];
    if (row) row[recommended] = (row[recommended] ?? 0) + 1;
    if (ok) accepted += 1;
    else misses.push({ inquiry, recommended });
    if (fallback !== undefined && !inquiry.accept.includes(fallback)) {
      beyond.count += 1;
      if (ok) beyond.accepted += 1;
    }
  }
  const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
  return {
    count: inquiries.length,
    accepted,
    accuracy: ratio(accepted, inquiries.length),
    beyondFallback: { ...beyond, accuracy: ratio(beyond.accepted, beyond.count) },
    confusion,
    misses,
  };
}
