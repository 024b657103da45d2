import { ApiError } from '@/lib/api-errors';
import type { Config } from '@/lib/config/env';
import { machineAddresses } from './machine-addresses';

/**
 * DNS-rebinding protection (MCP 2025-11-25, Streamable HTTP "Security Warning"): a page on another site can make
 * a browser send requests to this server under that site's name once its DNS points here. Such a request names
 * the other site in its Host header, so only requests naming this site are served. CORS stays open (`*`): the
 * public API is meant for browser clients of any origin; what is refused is being reached under a foreign name.
 */

/** Names every deployment answers to, on any port: the loopback names. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** What the decision depends on besides the Host header; all of it is configuration or the machine's own. */
interface AllowedHostOptions {
  /** SITE_URL, when set: its host name is this site's. */
  siteUrl?: string;
  /** ALLOWED_HOSTS: further names of this site (a proxy's, a second domain). */
  allowedHosts?: readonly string[];
  /** This machine's own addresses (os.networkInterfaces()); used only when SITE_URL is unset. */
  ownAddresses?: readonly string[];
}

/**
 * The host name of a Host header value, lower case, without port or trailing dot, and IPv6 in brackets;
 * undefined when the value is not a bare host[:port] (a path, user info or anything URL parsing refuses).
 */
export function hostNameOf(host: string | null | undefined): string | undefined {
  const value = host?.trim();
  if (!value || /[/\\@?#\s]/.test(value)) return undefined;
  try {
    const url = new URL(`http://${value}`);
    return url.hostname.replace(/\.$/, '') || undefined;
  } catch {
    return undefined;
  }
}

/** An address as a host name: IPv6 in brackets, without a zone index. */
function addressAsHostName(address: string): string | undefined {
  return hostNameOf(address.includes(':') ? `[${address.replace(/%.*$/, '')}]` : address);
}

/** Every host name this site answers to, for these options. */
function allowedHostNames(options: AllowedHostOptions): ReadonlySet<string> {
  const allowed = new Set(LOOPBACK_HOSTS);
  const site = options.siteUrl ? hostNameOf(new URL(options.siteUrl).host) : undefined;
  if (site) allowed.add(site);
  for (const extra of options.allowedHosts ?? []) {
    const extraName = hostNameOf(extra);
    if (extraName) allowed.add(extraName);
  }
  if (!options.siteUrl) {
    for (const address of options.ownAddresses ?? []) {
      const addressName = addressAsHostName(address);
      if (addressName) allowed.add(addressName);
    }
  }
  return allowed;
}

/**
 * Whether a request whose Host header is `host` is for this site: SITE_URL's host, a loopback name, a name in
 * ALLOWED_HOSTS, or, when SITE_URL is unset, one of this machine's own addresses. Any port. A request without a
 * Host header (or with a malformed one) names no site and is refused.
 */
export function isAllowedHost(host: string | null | undefined, options: AllowedHostOptions): boolean {
  return hostCheck(options)(host);
}

/** A few hundred Host values are remembered; a server sees few, and a flood of invented ones is only parsed. */
const REMEMBERED_HOSTS = 256;

/**
 * isAllowedHost for one configuration, made once (the server's start-up): the allowed names computed once, and
 * the answer for each Host value seen remembered, so a request costs a map lookup.
 */
function hostCheck(options: AllowedHostOptions): (host: string | null | undefined) => boolean {
  const names = allowedHostNames(options);
  const seen = new Map<string, boolean>();
  return (host) => {
    if (!host) return false;
    const known = seen.get(host);
    if (known !== undefined) return known;
    const name = hostNameOf(host);
    const allowed = name !== undefined && names.has(name);
    if (seen.size < REMEMBERED_HOSTS) seen.set(host, allowed);
    return allowed;
  };
}

/** 403: the Host header names another site (DNS rebinding), or none. */
class ForbiddenHostError extends ApiError {
  readonly status = 403;
  readonly code = 'FORBIDDEN_HOST';
}

/** The refusal for a request with this Host header, with what to do about it. */
export function forbiddenHostError(host: string | null | undefined): ForbiddenHostError {
  const shown = host ? `"${host.slice(0, 100)}"` : 'missing';
  return new ForbiddenHostError(
    `This server does not answer to the host name in the Host header (${shown}): it serves only its own site, so a page elsewhere cannot reach it by pointing its DNS here.`,
    'Send the request to the site under its own address (SITE_URL). If this deployment is reached under another name (a proxy, a second domain), the operator adds that name to ALLOWED_HOSTS.',
  );
}

type SiteHostCheck = (host: string | null | undefined) => boolean;

// Made once per configuration, which tests change between cases: it reads the machine's network interfaces, and
// it remembers the hosts it has judged.
const siteHostChecks = new WeakMap<Pick<Config, 'SITE_URL' | 'ALLOWED_HOSTS'>, SiteHostCheck>();

/** The host check of this deployment (SITE_URL, ALLOWED_HOSTS, and the machine's addresses when SITE_URL is unset). */
export function siteHostCheck(config: Pick<Config, 'SITE_URL' | 'ALLOWED_HOSTS'>): SiteHostCheck {
  let check = siteHostChecks.get(config);
  if (!check) {
    check = hostCheck({
      siteUrl: config.SITE_URL,
      allowedHosts: config.ALLOWED_HOSTS,
      ownAddresses: config.SITE_URL ? [] : machineAddresses(),
    });
    siteHostChecks.set(config, check);
  }
  return check;
}
