import { getConfig } from '@/lib/config/env';

// What the forwarding headers tell a route: the client's address and the origin the site is reached at.

/**
 * The address quotas are counted against (README, "Limits and quotas"): the last X-Forwarded-For entry. The
 * project's server (lib/server/guard.ts) makes that entry the socket's peer, or, with TRUST_PROXY=true, leaves the
 * chain as the trusted proxy sent it, whose last entry is the address the proxy saw. Bare `next start` sets the
 * header from the socket only when a request has none, so there a proxy that appends the client's address, with
 * TRUST_PROXY=true, is what makes the address unforgeable; entries further left were written by clients.
 * consumeQuota counts it by quotaClientOf (lib/http/quota-client.ts): an IPv6 address by its /64.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for');
  const last = forwarded?.slice(forwarded.lastIndexOf(',') + 1).trim();
  return last || 'unknown';
}

/** The origin absolute URLs are built on: SITE_URL when set, else the origin the request came to. */
export function publicOrigin(request: Request): string {
  return originFromHeaders(request.headers, new URL(request.url));
}

/** publicOrigin for code that has the headers but no Request (a server action). */
export function originFromHeaders(headers: Headers, url?: URL): string {
  const configured = getConfig().SITE_URL;
  if (configured) return configured.replace(/\/+$/, '');
  const host = headers.get('x-forwarded-host') ?? headers.get('host') ?? url?.host ?? 'localhost';
  const proto = headers.get('x-forwarded-proto') ?? url?.protocol.replace(':', '') ?? 'http';
  return `${proto}://${host}`;
}
