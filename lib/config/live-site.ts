import type { Config } from './env';

/** Host names that only this machine reaches: a SITE_URL on one of them is a local run, not a live site. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Why this server counts as a live site, in the words its start-up line uses, or undefined for a local run: the
 * environment set NODE_ENV=production (as the image does, and as bare `next start` does itself), or SITE_URL
 * names an origin other than loopback. `nodeEnv` is NODE_ENV as the environment gave it, before the project's
 * server sets it for Next.
 */
function liveSiteReason(config: Pick<Config, 'SITE_URL'>, nodeEnv: string | undefined): string | undefined {
  if (nodeEnv === 'production') return 'NODE_ENV=production';
  if (config.SITE_URL && !LOOPBACK_HOST.test(new URL(config.SITE_URL).hostname)) return `SITE_URL=${config.SITE_URL}`;
  return undefined;
}

/**
 * The line that stops a live site with no mail server, or undefined when mail is real (SMTP_HOST), the owner chose
 * the embedded inbox for a trial (EMBEDDED_INBOX=true), or the run is local.
 */
export function missingMailServerProblem(
  config: Pick<Config, 'SITE_URL' | 'SMTP_HOST' | 'EMBEDDED_INBOX'>,
  nodeEnv: string | undefined,
): string | undefined {
  if (config.SMTP_HOST || config.EMBEDDED_INBOX) return undefined;
  const reason = liveSiteReason(config, nodeEnv);
  if (!reason) return undefined;
  return (
    `[mail] This is a live site (${reason}) and no mail server is set, so inquiries and sign-in links would ` +
    'never reach you. Set SMTP_HOST, SMTP_USER, SMTP_PASS and MAIL_TO (docs/configuration.md, "Mail"), or ' +
    'EMBEDDED_INBOX=true to keep mail on this server for a trial. The server did not start.'
  );
}
