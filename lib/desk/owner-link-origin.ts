import type { Config } from '@/lib/config/env';
import { parseServeOptions } from '@/lib/config/serve-options';

/** Where `npm run desk-link` puts its link, and, when it had to guess, a line saying so. */
interface OwnerLinkOrigin {
  origin: string;
  note?: string;
}

/**
 * The origin of the owner command's link: `--origin <url>` when given, else SITE_URL, else the address this
 * machine's server listens on by default (http://localhost and PORT, else 3000), with a note saying so. Throws
 * an Error in plain words for an argument it does not know or an origin that is not an http(s) address.
 */
export function ownerLinkOrigin(
  args: readonly string[],
  config: Pick<Config, 'SITE_URL'>,
  env: Record<string, string | undefined>,
): OwnerLinkOrigin {
  const given = originArgument(args);
  if (given !== undefined) return { origin: asOrigin(given) };
  if (config.SITE_URL) return { origin: config.SITE_URL.replace(/\/+$/, '') };
  const origin = `http://localhost:${parseServeOptions([], env).port}`;
  return {
    origin,
    note:
      `SITE_URL is not set, so the link is on ${origin}, where this server listens by default. ` +
      'Give the address you open the site at with --origin, for example:\n' +
      '  npm run desk-link -- --origin https://example.com',
  };
}

/** The value of `--origin <url>` or `--origin=<url>`, or undefined without it. */
function originArgument(args: readonly string[]): string | undefined {
  let origin: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg.startsWith('--origin=')) origin = arg.slice('--origin='.length);
    else if (arg === '--origin') origin = args[(i += 1)] ?? '';
    else throw new Error(`Unknown argument ${arg}: the only option is --origin followed by the site's address.`);
  }
  return origin;
}

function asOrigin(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`--origin needs the site's address, such as https://example.com; got "${value}".`);
  }
  return url.origin;
}
