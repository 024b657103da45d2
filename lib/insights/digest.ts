import type { Config } from '@/lib/config/env';
import { getSite } from '@/lib/content';
import { keptFileOf } from '@/lib/mail/embedded-inbox';
import { withEightBitText } from '@/lib/mail/eight-bit-text';
import { ownerAddress } from '@/lib/mail/owner-mail';
import { mailTransport, smtpTarget } from '@/lib/mail/send';
import { composeDigestMail } from './digest-mail';
import { buildReport } from './report';
import { replySummary } from './report-replies';
import type { InsightsStore } from '@/lib/stores/insights/insights-store';

const DAY_MS = 86_400_000;
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
type Weekday = (typeof WEEKDAYS)[number];

/** The most recent weekly slot (DIGEST_DAY at DIGEST_HOUR:00 UTC) at or before `now`. */
export function latestDigestSlot(now: number, day: Weekday, hour: number): number {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const back = (new Date(today).getUTCDay() - WEEKDAYS.indexOf(day) + 7) % 7;
  const slot = today - back * DAY_MS + hour * 3_600_000;
  return slot <= now ? slot : slot - 7 * DAY_MS;
}

/** Whether the running server sends the digest: DIGEST when set, else only when a real SMTP server is configured. */
export const digestEnabled = (config: Config): boolean => config.DIGEST ?? Boolean(config.SMTP_HOST);

/** Where a digest went: the recipient, and the SMTP server that took it or the outbox file that keeps it. */
interface DigestDelivery {
  to: string;
  smtpHost?: string;
  outboxFile?: string;
}

/** The delivery in a line for the consultant: never "sent" for a mail that only reached the local outbox. */
export function describeDelivery(delivery: DigestDelivery): string {
  if (delivery.smtpHost) return `digest sent to ${delivery.to} through ${delivery.smtpHost}`;
  return `digest for ${delivery.to} not sent (SMTP_HOST is not set): saved in the outbox as ${delivery.outboxFile}`;
}

/**
 * Sends the digest of the last 7 and 30 days, with how many inquiries are still unanswered, to the consultant
 * (MAIL_TO, else the biography's email), and to no one else. Resolves with where it went once the mail server
 * accepted it; throws when it did not.
 */
export async function sendDigest(store: InsightsStore, config: Config, now = Date.now()): Promise<DigestDelivery> {
  const [last7, last30, answered] = [
    await buildReport(store, 7, now),
    await buildReport(store, 30, now),
    await store.readAnswered(),
  ];
  const to = ownerAddress();
  const siteName = getSite().siteName;
  const message = composeDigestMail(
    last7,
    last30,
    {
      from: config.MAIL_FROM ?? `"${siteName} website" <${to}>`,
      to,
      siteName,
    },
    replySummary(last30.inquiries, answered, now),
  );
  const target = await smtpTarget();
  const transport = mailTransport(target, config.SMTP_TIMEOUT_MS);
  try {
    const info = await transport.sendMail(withEightBitText(message));
    if (info.accepted.length === 0) throw new Error('the mail server accepted no recipient');
    // The folder still tells her where to look if the inbox's answer names no file.
    if (target.outboxDir) return { to, outboxFile: keptFileOf(info.response, target.outboxDir) ?? target.outboxDir };
    return { to, smtpHost: target.host };
  } finally {
    transport.close();
  }
}

/**
 * The weekly send by the running server: every few minutes it looks whether this week's slot has passed
 * (within the day after it) and, if this instance is the first to claim the week in the store (so once across
 * instances), sends the digest; a failed send gives the claim back, to be tried at the next look.
 */
export async function sendDigestIfDue(store: InsightsStore, config: Config, now = Date.now()): Promise<boolean> {
  const slot = latestDigestSlot(now, config.DIGEST_DAY, config.DIGEST_HOUR);
  if (now - slot >= DAY_MS) return false;
  const claim = `digest|${new Date(slot).toISOString().slice(0, 13)}`;
  if (!(await store.claim(claim, 8 * 86_400))) return false;
  try {
    console.info(`[insights] weekly ${describeDelivery(await sendDigest(store, config, now))}`);
    return true;
  } catch (error) {
    await store.release(claim);
    console.warn('[insights] the weekly digest could not be sent; trying again later', error);
    return false;
  }
}
