import { getConfig } from '@/lib/config/env';
import { siteHostCheck } from './allowed-host';

// The origin the site is reached at, as the absolute URLs it prints and the mails it sends name it.

/**
 * The origin absolute URLs are built on: SITE_URL as the server was started with (never as the build was made:
 * every document that prints it is rendered per request), else the origin the request came to. Responses that
 * carry it are cacheable and the desk's sign-in link is mailed on it, so a client must not be able to choose it.
 * Without TRUST_PROXY it is the Host header (which proxy.ts has checked names this site) over http, the only scheme
 * the app itself serves; a Host that is not a host[:port] gives way to the address Next listens on. With
 * TRUST_PROXY=true the proxy's forwarded host and scheme are believed (docs/serving.md, "The public origin"):
 * only the entry the trusted proxy wrote (the last one, as it appends), a host that passes the same check as Host,
 * and a scheme of http or https; anything else is ignored.
 */
export function publicOrigin(request: Request): string {
  return originFromHeaders(request.headers, new URL(request.url));
}

/** publicOrigin for code that has the headers but no Request (a server action). */
export function originFromHeaders(headers: Headers, url?: URL): string {
  const config = getConfig();
  if (config.SITE_URL) return config.SITE_URL.replace(/\/+$/, '');
  const forwarded = config.TRUST_PROXY ? forwardedByProxy(headers) : {};
  const isSiteHost = siteHostCheck(config);
  const forwardedHost = forwarded.host !== undefined && isSiteHost(forwarded.host) ? forwarded.host : undefined;
  const host = forwardedHost ?? validHost(headers.get('host')) ?? validHost(url?.host) ?? 'localhost';
  return `${forwarded.scheme ?? 'http'}://${host}`;
}

/**
 * The request headers a request-made origin is read from when forwarding headers are believed: a response that
 * prints the origin names them in Vary (proxy.ts), so a shared cache never hands one proxy's view to another.
 * Empty with SITE_URL (one origin for every request) or without TRUST_PROXY (the origin is the Host header, which
 * every cache keys on already).
 */
export function originVaryHeaders(): readonly string[] {
  const { SITE_URL, TRUST_PROXY } = getConfig();
  return !SITE_URL && TRUST_PROXY ? ORIGIN_HEADERS : [];
}

const ORIGIN_HEADERS = ['X-Forwarded-Host', 'X-Forwarded-Proto', 'Forwarded'] as const;

/**
 * The host and scheme a trusted proxy forwarded, each a valid value or undefined: RFC 7239's Forwarded `host=` and
 * `proto=` when the request has that header, else X-Forwarded-Host and X-Forwarded-Proto (Next fills these in from
 * Host when a request has none, so they are there whenever Forwarded is not). Of a list, the last entry: the one
 * the proxy next to this server wrote (entries further left came from the client or farther hops).
 */
function forwardedByProxy(headers: Headers): { host?: string; scheme?: 'http' | 'https' } {
  const forwarded = lastEntry(headers.get('forwarded'));
  if (forwarded) {
    const pairs = forwardedPairs(forwarded);
    return { host: validHost(pairs.get('host')), scheme: validScheme(pairs.get('proto')) };
  }
  const host = lastEntry(headers.get('x-forwarded-host'));
  return { host: validHost(host), scheme: validScheme(lastEntry(headers.get('x-forwarded-proto'))) };
}

/** The last entry of a comma-separated header, trimmed, or undefined when the header is absent or it is empty. */
function lastEntry(value: string | null): string | undefined {
  const entry = value?.slice(value.lastIndexOf(',') + 1).trim();
  return entry || undefined;
}

/** The `name=value` pairs of one Forwarded element (RFC 7239, section 4), names in lower case, quotes removed. */
function forwardedPairs(element: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const pair of element.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0) continue;
    const value = pair.slice(equals + 1).trim();
    const unquoted = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
    pairs.set(pair.slice(0, equals).trim().toLowerCase(), unquoted);
  }
  return pairs;
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
