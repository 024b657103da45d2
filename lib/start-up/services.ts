import { type Config, ConfigError, getConfig } from '@/lib/config/env';
import { startInsights } from '@/lib/insights/start-insights';
import { missingMailServerProblem } from '@/lib/config/live-site';
import { embeddedInbox } from '@/lib/mail/embedded-inbox';
import { checkMailServer } from '@/lib/mail/check-server';
import { processSingleton } from '@/lib/process-singleton';
import { openStores } from '@/lib/stores/open-stores';
import { logContentVersion } from './content-version';
import { checkDiskUse } from './data-dir';
import { distDir } from '@/lib/config/dist-dir';
import { pageHeadersWarning } from '@/lib/security/page-headers';

/** Said at start behind a trusted proxy without SITE_URL: the desk's sign-in links want the public origin fixed. */
const ORIGIN_FROM_PROXY_WARNING =
  "[server] TRUST_PROXY=true without SITE_URL: the desk's sign-in links and the absolute URLs of the documents name " +
  "the host the proxy forwards when it is one of this site's names, else the Host header. Set SITE_URL to the " +
  'public origin (for example https://www.example.com) so that sign-in links always name it (docs/serving.md, ' +
  '"The public origin").';

const started = processSingleton<{ promise?: Promise<Config> }>('start-up', () => ({}));

/**
 * Start-up, once per process, before anything is served: the configuration checked (a bad variable stops the
 * process with a line naming it, rather than failing on the first request; so does a live site without a mail
 * server, `nodeEnv` being NODE_ENV as the environment gave it), the mail server asked whether it takes the login,
 * the embedded inbox started when no SMTP_HOST is set (so the log says at once where consultation requests are
 * kept), every store opened (lib/stores/open-stores.ts: Redis with REDIS_URL), and counting started
 * (docs/insights.md). The project's server awaits it before it listens; under bare `next start` or `next dev`,
 * instrumentation.ts runs it.
 */
export function startServices(nodeEnv: string | undefined): Promise<Config> {
  return (started.promise ??= start(nodeEnv));
}

async function start(nodeEnv: string | undefined): Promise<Config> {
  let config: Config;
  try {
    config = getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`\n${error.message}\nThe server did not start. Fix the variables above (docs/configuration.md).\n`);
    process.exit(1);
  }
  const noMailServer = missingMailServerProblem(config, nodeEnv);
  if (noMailServer) {
    console.error(noMailServer);
    process.exit(1);
  }
  logContentVersion();
  const missingHeaders = process.env.NODE_ENV === 'production' ? pageHeadersWarning(distDir()) : undefined;
  if (missingHeaders) console.warn(missingHeaders);
  if (config.TRUST_PROXY && !config.SITE_URL) console.warn(ORIGIN_FROM_PROXY_WARNING);
  // A platform without a writable disk still serves; what it cannot keep is said once (docs/deployment.md).
  const disk = checkDiskUse(config);
  if (!config.SMTP_HOST) await embeddedInbox(config.OUTBOX_DIR);
  else checkMailServer(config);
  await openStores(config, disk);
  startInsights(config);
  return config;
}
