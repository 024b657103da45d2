import { quotaClientOf } from '@/lib/quotas/quota-client';
import type { DeskStore, LinkRequestCount } from '@/lib/stores/desk/desk-store';

/** Sign-in links one address (an IPv6 /64) may ask for in an hour: enough for a link that went astray. */
export const LINK_REQUESTS_PER_ADDRESS = 2;

/**
 * Sign-in links mailed in an hour site-wide, whoever asks: it takes ten addresses acting together to use it up,
 * and bounds the unasked-for links her inbox can get. The owner command (`npm run desk-link`) is not counted.
 */
export const LINK_REQUESTS_SITE_WIDE = 20;

/**
 * Counts a request for a sign-in link from the client at `address` (counted as quotas count it: an IPv6 address
 * by its /64); 'counted' when a link may be mailed, else the limit that refused it.
 */
export function countLinkRequest(store: DeskStore, address: string): Promise<LinkRequestCount> {
  return store.countLinkRequest(quotaClientOf(address), {
    perClient: LINK_REQUESTS_PER_ADDRESS,
    siteWide: LINK_REQUESTS_SITE_WIDE,
    windowSeconds: 3600,
  });
}
