import { MONTH_DAYS } from './figures';
import { LINK_REQUESTS_PER_ADDRESS, LINK_REQUESTS_SITE_WIDE } from './link-requests';
import { SIGN_IN_TOKEN_TTL_SECONDS } from './sign-in-token';

/** The owner's way in that no one else can use up, named where links are capped. */
const OWNER_WAY_IN = 'The site owner can always get a fresh link by running npm run desk-link on the server.';

/**
 * What the desk says after one of its forms, named in the redirect's `?notice=` so a reload shows the same page.
 * Only these words are ever shown: nothing of the request is echoed back.
 */
export const DESK_NOTICES = {
  'link-sent':
    `A sign-in link is on its way to the site's own address. It lasts ${SIGN_IN_TOKEN_TTL_SECONDS / 60} minutes ` +
    'and works once.',
  'address-capped':
    `No link was sent: this address has asked for ${LINK_REQUESTS_PER_ADDRESS} sign-in links within the hour, ` +
    `the most one address may. Ask again in an hour. ${OWNER_WAY_IN}`,
  'site-capped':
    `No link was sent: the site mails at most ${LINK_REQUESTS_SITE_WIDE} sign-in links an hour, and that many ` +
    `have been asked for. Ask again in an hour. ${OWNER_WAY_IN}`,
  'link-refused':
    'That sign-in link cannot be used: it was used already, it has expired, or it is not a link this site sent. ' +
    'Ask for a new one below.',
  'signed-out': 'You are signed out, here and on the server.',
  answered: 'Marked as answered.',
  'not-answered': 'Marked as not answered: it waits for your reply again.',
  erased: 'Erased: the name, email, sector and message of that inquiry are gone from the site. Its reference stays.',
  'nothing-to-erase': 'Nothing to erase: the site no longer keeps the name or message of that inquiry.',
  'not-found': `No inquiry of the last ${MONTH_DAYS} days has that reference; nothing was changed.`,
  unavailable:
    'Sign-in is unavailable on this server just now: the store that keeps links and sessions cannot be used (the ' +
    "server's log says why). Nothing was done.",
  busy: 'Too many requests from this address just now; nothing was done. Wait a minute and try again.',
} as const;

export type DeskNotice = keyof typeof DESK_NOTICES;

/** The notice a `?notice=` value names, or undefined for anything else. */
export function deskNotice(value: string | string[] | undefined): DeskNotice | undefined {
  return typeof value === 'string' && Object.hasOwn(DESK_NOTICES, value) ? (value as DeskNotice) : undefined;
}
