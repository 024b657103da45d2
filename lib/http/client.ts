import { getConfig } from '@/lib/config/env';
import { forwardedForChecked } from '@/lib/security/forwarded-for';

/**
 * The address quotas are counted against (README, "Limits and quotas"). lib/security/forwarded-for.ts rewrites
 * X-Forwarded-For before Next sees a request: without TRUST_PROXY it is just the socket's peer address (a
 * client's own header is discarded), so its one entry is the client; with TRUST_PROXY=true the peer (the proxy)
 * is appended to the chain the proxy sent, so the entry just before it is the client as the trusted proxy saw it.
 * Entries further left were written by the client and are never believed. A request the guard did not see (one
 * that arrived while the server was starting) is counted as the one client 'unchecked'.
 */
export function clientAddress(headers: Headers): string {
  if (!forwardedForChecked(headers)) return 'unchecked';
  const forwarded = headers.get('x-forwarded-for');
  if (!forwarded) return 'unknown';
  const hops = forwarded
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const address = getConfig().TRUST_PROXY && hops.length > 1 ? hops[hops.length - 2] : hops[hops.length - 1];
  return address ?? 'unknown';
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
