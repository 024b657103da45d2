import { getBio } from '@/lib/content';
import { RateLimitedError } from '@/lib/http/errors';
import { getQuotaStore } from '@/lib/http/quota';
import { count } from '@/lib/counting/counts';

const DAY_SECONDS = 86_400;

/**
 * The site-wide ceiling on consultation mails (MAIL_LIMIT_PER_DAY), beyond the per-client quotas: every channel
 * and every client together, counted in the quota store (shared through Redis with several instances), so a flood
 * from many addresses can neither bury the consultant's inbox nor get the SMTP account suspended. Past it the call
 * is refused with 429 and the consultant's public address; nothing is mailed. A limit of 0 turns it off.
 */
export async function consumeSiteMailAllowance(limit: number): Promise<void> {
  if (limit <= 0) return;
  const state = await getQuotaStore().consume('mail-site-wide', limit, DAY_SECONDS);
  if (state.allowed) return;
  count('refusal', 'mail-site-wide');
  throw new RateLimitedError(
    `The consultant has received as many consultation requests today as this site sends (${limit} a day, all senders together); nothing was sent.`,
    `Write to ${getBio().email} directly, or try again in ${state.reset} seconds (see Retry-After).`,
    { 'Retry-After': String(state.reset) },
  );
}
