import { getConfig } from '@/lib/config/env';

// What the forwarding headers tell a route: the client's address and the origin the site is reached at.

/**
 * The address quotas are counted against (docs/serving.md, "Client address"): the last X-Forwarded-For entry. The
 * project's server (lib/security/request-guard.ts) makes that entry the socket's peer, or, with TRUST_PROXY=true, leaves the
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

/**
 * The origin absolute URLs are built on: SITE_URL as the server was started with (never as the build was made:
 * every document that prints it is rendered per request), else the origin the request came to. Responses that
 * carry it are cacheable, so a client must not be able to choose it: X-Forwarded-Host and -Proto are believed only
 * with TRUST_PROXY=true (a proxy in front writes them), and then only an http or https scheme and a host that is a
 * host[:port]. Otherwise the origin is the Host header (which proxy.ts has checked names this site) over http,
 * the only scheme the app itself serves; a Host that is not a host[:port] gives way to the address Next listens on.
 */
export function publicOrigin(request: Request): string {
  return originFromHeaders(request.headers, new URL(request.url));
}

/** publicOrigin for code that has the headers but no Request (a server action). */
export function originFromHeaders(headers: Headers, url?: URL): string {
  const { SITE_URL, TRUST_PROXY } = getConfig();
  if (SITE_URL) return SITE_URL.replace(/\/+$/, '');
  const forwardedHost = TRUST_PROXY ? validHost(firstEntry(headers.get('x-forwarded-host'))) : undefined;
  const forwardedProto = TRUST_PROXY ? validScheme(firstEntry(headers.get('x-forwarded-proto'))) : undefined;
  const host = forwardedHost ?? validHost(headers.get('host')) ?? validHost(url?.host) ?? 'localhost';
  return `${forwardedProto ?? 'http'}://${host}`;
}

/** The first entry of a header a chain of proxies may have appended to: the one the outermost proxy wrote. */
function firstEntry(value: string | null): string | undefined {
  return value?.split(',')[0]?.trim();
}

/** `http` or `https` (any case, as lower case), or undefined for any other scheme. */
function validScheme(value: string | undefined): 'http' | 'https' | undefined {
  const scheme = value?.toLowerCase();
  return scheme === 'http' || scheme === 'https' ? scheme : undefined;
}

/** A DNS name or IPv4 address (RFC 1123 labels), or an IPv6 address in brackets, with an optional port. */
const HOST_AND_PORT =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

/** The value as a lower-case host[:port] when it is exactly that (a port from 1 to 65535), else undefined. */
function validHost(value: string | null | undefined): string | undefined {
  const match = value && value.length <= 260 ? HOST_AND_PORT.exec(value) : null;
  if (!match) return undefined;
  const port = match[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return undefined;
  return URL.canParse(`http://${value}`) ? value?.toLowerCase() : undefined;
}
