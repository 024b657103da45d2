import { count } from '@/lib/counting/counts';
import { RateLimitedError } from '@/lib/api-errors';
import { type QuotaState, getQuotaStore } from '@/lib/stores/quotas/quota-store';
import { quotaClientOf } from './quota-client';

/** A named quota: `limit` requests per `windowSeconds`; a limit of 0 turns it off. */
export interface Quota {
  name: string;
  limit: number;
  windowSeconds: number;
  /** Set for a quota guarding mail (QuotaOptions). */
  refuseWhenFull?: boolean;
}

/**
 * Counts one request of the client at `address` against `quota`, keyed by quotaClientOf (an IPv6 client by its
 * /64). Past the quota it throws 429 RATE_LIMITED with Retry-After and the RateLimit-* headers; otherwise it
 * returns the state for the headers of the response. An unlimited quota (0) returns undefined and counts nothing.
 */
export async function consumeQuota(quota: Quota, address: string): Promise<QuotaState | undefined> {
  if (quota.limit <= 0) return undefined;
  const key = `${quota.name}:${quotaClientOf(address)}`;
  const state = await getQuotaStore().consume(key, quota.limit, quota.windowSeconds, {
    refuseWhenFull: quota.refuseWhenFull,
  });
  if (!state.allowed) {
    count('refusal', quota.name);
    const per =
      quota.windowSeconds === 3600 ? 'hour' : quota.windowSeconds === 60 ? 'minute' : `${quota.windowSeconds} s`;
    throw new RateLimitedError(
      `Too many requests: the ${quota.name} quota is ${quota.limit} per ${per} for each client.`,
      `Wait ${state.reset} seconds (see Retry-After) and try again; the RateLimit-* headers show the quota.`,
      { 'Retry-After': String(state.reset), ...rateLimitHeaders(state) },
    );
  }
  return state;
}

/** The RateLimit-* response headers (draft-ietf-httpapi-ratelimit-headers, the -07 field names). */
export function rateLimitHeaders(state: QuotaState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.reset),
    'RateLimit-Policy': `${state.limit};w=${state.windowSeconds}`,
  };
}
