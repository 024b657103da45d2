import type { IncomingMessage } from 'node:http';

/** The headers a client could send to pass for another host, scheme or port. */
const FORWARDED_DETAILS = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'] as const;

/**
 * Makes a request's forwarding headers trustworthy before Next sees them (docs/serving.md, "Client address"), so that
 * the last X-Forwarded-For entry is always the client. Without a trusted proxy, X-Forwarded-For becomes the
 * socket's peer address, whatever the client sent, and its X-Forwarded-Host/-Proto/-Port are dropped (Next fills
 * them in from Host and the socket). Behind a trusted proxy the chain is kept as the proxy sent it: the proxy
 * appended the address it saw; a request that reached this server without the proxy gets the peer, as Next would.
 */
export function rewriteForwardedHeaders(
  headers: IncomingMessage['headers'],
  peer: string | undefined,
  trustProxy: boolean,
): void {
  if (trustProxy) {
    if (headers['x-forwarded-for'] === undefined && peer) headers['x-forwarded-for'] = peer;
    return;
  }
  for (const name of FORWARDED_DETAILS) delete headers[name];
  if (peer) headers['x-forwarded-for'] = peer;
  else delete headers['x-forwarded-for'];
}
