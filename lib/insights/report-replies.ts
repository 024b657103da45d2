import type { Inquiry } from '@/lib/stores/insights/insights-store';

/** The site promises a reply within this many hours (content/site.json's contact page, schedule_consultation). */
export const REPLY_PROMISE_HOURS = 24;

const HOUR_MS = 3_600_000;

/** Where an inquiry stands against the promise at `now`. */
interface ReplyStatus {
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

/** How many of `inquiries` wait for her reply, and how many of those are past the promised reply time. */
export interface ReplySummary {
  waiting: number;
  pastPromise: number;
}

export function replySummary(
  inquiries: readonly Inquiry[],
  answered: ReadonlyMap<string, string>,
  now: number,
): ReplySummary {
  const statuses = inquiries.map((inquiry) => replyStatusOf(inquiry, answered, now));
  return {
    waiting: statuses.filter((status) => status.answeredAt === undefined).length,
    pastPromise: statuses.filter((status) => status.overdue).length,
  };
}

/** The summary as she reads it first: "3 waiting for your reply, 1 past the 24 hours". */
export function waitingLine({ waiting, pastPromise }: ReplySummary): string {
  if (waiting === 0) return 'No inquiry waits for your reply';
  const past = pastPromise === 0 ? 'none past' : `${pastPromise} past`;
  return `${waiting} waiting for your reply, ${past} the ${REPLY_PROMISE_HOURS} hours`;
}
