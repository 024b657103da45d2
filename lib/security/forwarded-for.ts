import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { processSingleton } from '@/lib/process-singleton';

/** Set on every request the guard has rewritten, with a value only this process knows. */
export const CHECKED_HEADER = 'x-forwarded-for-checked';

/** The headers a client could send to pass for another address, host or scheme. */
const FORWARDED_DETAILS = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'] as const;

/** The marker's value, and whether the request guard (request-guard.ts) is in place in this process. */
export const forwardedForGuard = processSingleton<{ token: string; installed: boolean }>('forwarded-for-guard', () => ({
  token: randomBytes(24).toString('base64url'),
  installed: false,
}));

/**
 * Rewrites a request's forwarding headers so that the client address can be trusted (README, "Limits and
 * quotas"). Without a trusted proxy, X-Forwarded-For becomes the socket's peer address, whatever the client
 * sent, and its X-Forwarded-Host/-Proto/-Port are dropped (Next fills them in from Host and the socket).
 * Behind a trusted proxy, the peer (the proxy) is appended to the chain, as every proxy does, so the entry just
 * before it is the address the proxy saw. Either way the request is marked as checked.
 */
export function rewriteForwardedHeaders(
  headers: IncomingMessage['headers'],
  peer: string | undefined,
  trustProxy: boolean,
): void {
  const sent = headers['x-forwarded-for'];
  const chain = (Array.isArray(sent) ? sent.join(', ') : (sent ?? '')).trim();
  if (!trustProxy) {
    for (const name of FORWARDED_DETAILS) delete headers[name];
    if (peer) headers['x-forwarded-for'] = peer;
    else delete headers['x-forwarded-for'];
  } else if (peer) {
    headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer;
  }
  headers[CHECKED_HEADER] = forwardedForGuard.token;
}

/**
 * True when the guard rewrote the request these headers came with; a client cannot fake it. Next listens before
 * it runs start-up code, so a request arriving in that first moment is not rewritten: it carries no valid marker,
 * and clientAddress counts all such requests as one client rather than believe them.
 */
export function forwardedForChecked(headers: Headers): boolean {
  return forwardedForGuard.installed && headers.get(CHECKED_HEADER) === forwardedForGuard.token;
}
