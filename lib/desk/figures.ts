import type { Inquiry, InquiryDetails, InsightsStore } from '@/lib/stores/insights/insights-store';
import { type InsightsReport, buildReport } from '@/lib/insights/report';
import { REPLY_PROMISE_HOURS, type ReplySummary, replyStatusOf, replySummary } from '@/lib/insights/report-replies';

export { REPLY_PROMISE_HOURS };

/** The desk's two periods, those of `npm run insights`; the inquiries listed are the longer one's. */
export const WEEK_DAYS = 7;
export const MONTH_DAYS = 30;

/**
 * An inquiry of the last 30 days as the desk lists it: how old it is, whether it has been answered in time, and
 * who wrote and what they want while the details are kept.
 */
export type DeskInquiry = Inquiry & {
  ageHours: number;
  answeredAt?: string;
  overdue: boolean;
  details?: Omit<InquiryDetails, 'keptUntil'> & { keptUntil: string };
};

/** Everything the desk shows: the same reports as `npm run insights` and the digest, and the inquiries' replies. */
export interface DeskFigures {
  generatedAt: string;
  week: InsightsReport;
  month: InsightsReport;
  /** The month's inquiries waiting for her reply and past the promise: the numbers the digest gives too. */
  replies: ReplySummary;
  /** The month's inquiries: those waiting first, oldest first; then those answered, most recently answered first. */
  inquiries: DeskInquiry[];
}

function deskOrder(a: DeskInquiry, b: DeskInquiry): number {
  if ((a.answeredAt === undefined) !== (b.answeredAt === undefined)) return a.answeredAt === undefined ? -1 : 1;
  if (a.answeredAt !== undefined && b.answeredAt !== undefined) return b.answeredAt.localeCompare(a.answeredAt);
  return Date.parse(a.at) - Date.parse(b.at);
}

/** Reads the desk's figures from `store`: the last 7 and 30 days, and where each inquiry of the 30 stands. */
export async function buildDeskFigures(store: InsightsStore, now = Date.now()): Promise<DeskFigures> {
  const [week, month, answered] = await Promise.all([
    buildReport(store, WEEK_DAYS, now),
    buildReport(store, MONTH_DAYS, now),
    store.readAnswered(),
  ]);
  const details = await store.readDetails(month.inquiries.map((inquiry) => inquiry.reference));
  const inquiries = month.inquiries
    .map((inquiry): DeskInquiry => {
      const kept = details.get(inquiry.reference);
      return {
        ...inquiry,
        ...replyStatusOf(inquiry, answered, now),
        ...(kept ? { details: { ...kept, keptUntil: new Date(kept.keptUntil).toISOString() } } : {}),
      };
    })
    .sort(deskOrder);
  return {
    generatedAt: new Date(now).toISOString(),
    week,
    month,
    replies: replySummary(month.inquiries, answered, now),
    inquiries,
  };
}
