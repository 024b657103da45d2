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
 * Where the counts and the inquiry log are kept: the embedded store in DATA_DIR (lib/insights/lmdb-store.ts) or
 * Redis (lib/redis/insights-store.ts), chosen at start-up (lib/insights). Counter keys are `YYYY-MM-DD|metric|…`
 * (counts.ts).
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
  /** Claims `name` for `ttlSeconds` if no one holds it (once across instances); true when this call got it. */
  claim(name: string, ttlSeconds: number): Promise<boolean>;
  /** Gives a claim back. */
  release(name: string): Promise<void>;
  /** Forgets counts and inquiries older than `beforeDay`, and the answered marks of inquiries no longer kept. */
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
