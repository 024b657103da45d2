import type { Inquiry } from '@/lib/counting/store';

/** The site promises a reply within this many hours (content/site.json's contact page, schedule_consultation). */
export const REPLY_PROMISE_HOURS = 24;

const HOUR_MS = 3_600_000;

/** Where an inquiry stands against the promise at `now`. */
export interface ReplyStatus {
  /** Whole hours since it was accepted. */
  ageHours: number;
  /** When she marked it answered, if she has. */
  answeredAt?: string;
  /** Not answered, and accepted more than REPLY_PROMISE_HOURS ago. */
  overdue: boolean;
}

/** The reply status of `inquiry`, given the answered marks of the store (reference -> time). */
export function replyStatusOf(inquiry: Inquiry, answered: ReadonlyMap<string, string>, now: number): ReplyStatus {
  const age = Math.max(0, now - Date.parse(inquiry.at));
  const answeredAt = answered.get(inquiry.reference);
  return {
    ageHours: Math.floor(age / HOUR_MS),
    ...(answeredAt === undefined ? {} : { answeredAt }),
    overdue: answeredAt === undefined && age > REPLY_PROMISE_HOURS * HOUR_MS,
  };
}

/** How many of `inquiries` are still unanswered past the promised reply time. */
export function countOverdue(inquiries: Inquiry[], answered: ReadonlyMap<string, string>, now: number): number {
  return inquiries.filter((inquiry) => replyStatusOf(inquiry, answered, now).overdue).length;
}
