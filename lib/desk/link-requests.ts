import type { DeskStore } from './store';

/** Sign-in links mailed at most this many times an hour, site-wide: the form cannot be used to flood her inbox. */
export const LINK_REQUESTS_PER_HOUR = 5;

/** Counts this request for a sign-in link; true while the hour's count is within LINK_REQUESTS_PER_HOUR. */
export async function mayMailSignInLink(store: DeskStore): Promise<boolean> {
  return (await store.countLinkRequest(3600)) <= LINK_REQUESTS_PER_HOUR;
}
