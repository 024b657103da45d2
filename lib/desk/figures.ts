import type { Inquiry, InsightsStore } from '@/lib/counting/store';
import { type InsightsReport, buildReport } from '@/lib/insights/report';
import { REPLY_PROMISE_HOURS, replyStatusOf } from '@/lib/insights/report-replies';

export { REPLY_PROMISE_HOURS };

/** The desk's two periods, those of `npm run insights`; the inquiries listed are the longer one's. */
export const WEEK_DAYS = 7;
export const MONTH_DAYS = 30;

/** An inquiry of the last 30 days as the desk lists it: how old it is, and whether it has been answered in time. */
export type DeskInquiry = Inquiry & { ageHours: number; answeredAt?: string; overdue: boolean };

/** Everything the desk shows: the same reports as `npm run insights` and the digest, and the inquiries' replies. */
export interface DeskFigures {
  generatedAt: string;
  week: InsightsReport;
  month: InsightsReport;
  /** The month's inquiries, newest first. */
  inquiries: DeskInquiry[];
}

/** Reads the desk's figures from `store`: the last 7 and 30 days, and where each inquiry of the 30 stands. */
export async function buildDeskFigures(store: InsightsStore, now = Date.now()): Promise<DeskFigures> {
  const [week, month, answered] = await Promise.all([
    buildReport(store, WEEK_DAYS, now),
    buildReport(store, MONTH_DAYS, now),
    store.readAnswered(),
  ]);
  const inquiries = month.inquiries
    .map((inquiry) => ({ ...inquiry, ...replyStatusOf(inquiry, answered, now) }))
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return { generatedAt: new Date(now).toISOString(), week, month, inquiries };
}
