import { z } from 'zod';
import { processSingleton } from '@/lib/process-singleton';

/** The kinds of lib/agent/channel.ts's RequestChannel: how a tool call or a consultation request arrived. */
export const CHANNEL_KINDS = ['rest', 'mcp', 'form'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** One accepted consultation request as the log keeps it: never the name, email or text (those are in the mail). */
export const InquirySchema = z.object({
  reference: z.string(),
  at: z.string().describe('ISO 8601 time it was accepted'),
  channel: z.enum(CHANNEL_KINDS),
  client: z.string().describe("the agent family (REST), the MCP client's name, or `form`"),
  engagement: z.string().describe('the key of the engagement suggested for it'),
});
export type Inquiry = z.infer<typeof InquirySchema>;

/**
 * Who wrote an inquiry and what they want, as the desk shows it so she can reply: kept beside the log for
 * INQUIRY_RETENTION_DAYS only (`keptUntil`, ms), then gone; erasable at once. Never in the counts, logs or reports.
 */
export const InquiryDetailsSchema = z.object({
  name: z.string(),
  email: z.string(),
  sector: z.string().optional(),
  firstLine: z.string().optional().describe('the first line of what they wrote, cut short'),
  preferredTime: z.string().optional(),
  keptUntil: z.number(),
});
export type InquiryDetails = z.infer<typeof InquiryDetailsSchema>;

/**
 * Where the counts and the inquiry log are kept: the embedded store in DATA_DIR (lmdb-insights-store.ts) or Redis
 * (redis-insights-store.ts), chosen at start-up (open-stores.ts). Counter keys are `YYYY-MM-DD|metric|…`
 * (lib/counting/counts.ts).
 */
export interface InsightsStore {
  /** Adds a batch of counts. */
  addCounts(counts: ReadonlyMap<string, number>): Promise<void>;
  /** The same, synchronously, when the store can (the last batch at process exit). */
  addCountsSync?(counts: ReadonlyMap<string, number>): void;
  addInquiry(inquiry: Inquiry): Promise<void>;
  /** Every count of the days from `fromDay` to `toDay` (YYYY-MM-DD, both included). */
  readCounts(fromDay: string, toDay: string): Promise<Map<string, number>>;
  /** The inquiries accepted from `fromDay` on, oldest first. */
  readInquiries(fromDay: string): Promise<Inquiry[]>;
  /**
   * Marks the inquiry `reference` answered at `at` (ISO 8601); a second mark keeps the first time. The caller
   * checks that the reference is one of a logged inquiry.
   */
  markAnswered(reference: string, at: string): Promise<void>;
  /** Every answered mark kept: reference -> ISO 8601 time it was marked. */
  readAnswered(): Promise<Map<string, string>>;
  /** Takes the answered mark of `reference` back. */
  unmarkAnswered(reference: string): Promise<void>;
  /** Keeps who wrote `reference` and what they want until `details.keptUntil`. */
  keepDetails(reference: string, details: InquiryDetails): Promise<void>;
  /** The details still kept of these references. */
  readDetails(references: readonly string[]): Promise<Map<string, InquiryDetails>>;
  /** Erases the details of `reference` now; true when there were any. */
  eraseDetails(reference: string): Promise<boolean>;
  /** Claims `name` for `ttlSeconds` if no one holds it (once across instances); true when this call got it. */
  claim(name: string, ttlSeconds: number): Promise<boolean>;
  /** Gives a claim back. */
  release(name: string): Promise<void>;
  /**
   * Forgets counts and inquiries older than `beforeDay`, the answered marks of inquiries no longer kept, and
   * details past their time.
   */
  prune(beforeDay: string): Promise<void>;
  close(): Promise<void>;
}

const holder = processSingleton<{ store?: InsightsStore }>('insights-store', () => ({}));

/** The store of this process, once start-up has chosen it. */
export function getInsightsStore(): InsightsStore | undefined {
  return holder.store;
}

export function setInsightsStore(store: InsightsStore | undefined): void {
  holder.store = store;
}
