import type { ChannelKind } from '@/lib/stores/insights/insights-store';
import { count } from '@/lib/counting/counts';
import { getBio } from '@/lib/content';
import { RateLimitedError } from '@/lib/api-errors';
import { type QuotaState, getQuotaStore } from '@/lib/stores/quotas/quota-store';
import { type CeilingCounter, sendCeilingNotice } from './ceiling-notice';

const DAY_SECONDS = 86_400;
const SITE_WIDE = { siteWide: true } as const;

/**
 * The part of the day's ceiling kept for the contact form, a fifth of it (none below 5 a day): once agents (REST
 * and MCP) have used the rest, people can still write through the form.
 */
const formReserveOf = (limit: number): number => Math.floor(limit / 5);

/**
 * The site-wide ceiling on consultation mails (MAIL_LIMIT_PER_DAY), beyond the per-client quotas: every channel
 * and every client together, counted in the quota store (shared through Redis with several instances; in memory,
 * apart from the per-client windows, so no flood of addresses can reset it), so a flood from many addresses can
 * neither bury the consultant's inbox nor get the SMTP account suspended. Agents stop at the limit less the form's
 * reserve. Past it the call is refused with 429 and the consultant's public address, nothing is mailed, and the
 * first refusal of the day by each counter mails the consultant a notice. A limit of 0 turns it off.
 */
export async function consumeSiteMailAllowance(limit: number, channel: ChannelKind): Promise<void> {
  if (limit <= 0) return;
  const store = getQuotaStore();
  if (channel !== 'form' && formReserveOf(limit) > 0) {
    const agentLimit = limit - formReserveOf(limit);
    const agents = await store.consume('mail-site-wide:agents', agentLimit, DAY_SECONDS, SITE_WIDE);
    if (!agents.allowed) refuse('mail-agents-share', agents, limit);
  }
  const all = await store.consume('mail-site-wide', limit, DAY_SECONDS, SITE_WIDE);
  if (!all.allowed) refuse('mail-site-wide', all, limit);
}

function refuse(counter: CeilingCounter, state: QuotaState, limit: number): never {
  count('refusal', counter);
  // The counter passes its limit exactly once a day (atomically in Redis): that call tells the consultant.
  if (state.used === state.limit + 1) sendCeilingNotice(counter, limit, formReserveOf(limit), state.reset);
  const email = getBio().email;
  if (counter === 'mail-agents-share') {
    throw new RateLimitedError(
      `The consultant has received as many consultation requests from agents today as this site sends (${state.limit} of its ${limit} a day; the rest is kept for people using the contact form); nothing was sent.`,
      `Ask the person to write to ${email} or to use the contact form on the website, or try again in ${state.reset} seconds (see Retry-After).`,
      { 'Retry-After': String(state.reset) },
    );
  }
  throw new RateLimitedError(
    `The consultant has received as many consultation requests today as this site sends (${limit} a day, all senders together); nothing was sent.`,
    `Write to ${email} directly, or try again in ${state.reset} seconds (see Retry-After).`,
    { 'Retry-After': String(state.reset) },
  );
}
