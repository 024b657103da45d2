import { getConfig } from '@/lib/config/env';

/**
 * The address quotas are counted against. `next start` puts the socket's peer address in X-Forwarded-For
 * when the client sent none, and passes a client's own header through unchanged. With TRUST_PROXY=true
 * (a reverse proxy in front that sets the header) the left-most entry is the client; otherwise the
 * right-most, the hop nearest to this server.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for');
  if (!forwarded) return 'unknown';
  const hops = forwarded.split(',').map((hop) => hop.trim()).filter(Boolean);
  const address = getConfig().TRUST_PROXY ? hops[0] : hops[hops.length - 1];
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
