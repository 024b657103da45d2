// What the forwarding headers tell a route: the client's address (the origin: lib/security/public-origin.ts).

/**
 * The address quotas are counted against (docs/serving.md, "Client address"): the last X-Forwarded-For entry. The
 * project's server (lib/security/request-guard.ts) makes that entry the socket's peer, or, with TRUST_PROXY=true, leaves the
 * chain as the trusted proxy sent it, whose last entry is the address the proxy saw. Bare `next start` sets the
 * header from the socket only when a request has none, so there a proxy that appends the client's address, with
 * TRUST_PROXY=true, is what makes the address unforgeable; entries further left were written by clients.
 * consumeQuota counts it by quotaClientOf (lib/quotas/quota-client.ts): an IPv6 address by its /64.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for');
  const last = forwarded?.slice(forwarded.lastIndexOf(',') + 1).trim();
  return last || 'unknown';
}
