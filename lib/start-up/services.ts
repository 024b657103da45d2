import { type Config, ConfigError, getConfig } from '@/lib/config/env';
import { startInsights } from '@/lib/insights/start-insights';
import { embeddedInbox } from '@/lib/mail/embedded-inbox';
import { processSingleton } from '@/lib/process-singleton';
import { chooseSharedStores } from '@/lib/redis/shared-stores';
import { logContentVersion } from './content-version';
import { checkDiskUse } from './data-dir';

const started = processSingleton<{ promise?: Promise<Config> }>('start-up', () => ({}));

/**
 * Start-up, once per process, before anything is served: the configuration checked (a bad variable stops the
 * process with a line naming it, rather than failing on the first request), the embedded inbox started when no
 * SMTP_HOST is set (so the log says at once where consultation requests are kept), and the stores of MCP sessions,
 * quotas and idempotency keys chosen (Redis with REDIS_URL), and counting started (docs/insights.md). The project's server awaits it before it listens;
 * under bare `next start` or `next dev`, instrumentation.ts runs it.
 */
export function startServices(): Promise<Config> {
  return (started.promise ??= start());
}

async function start(): Promise<Config> {
  let config: Config;
  try {
    config = getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`\n${error.message}\nThe server did not start. Fix the variables above (docs/configuration.md).\n`);
    process.exit(1);
  }
  logContentVersion();
  // A platform without a writable disk still serves; what it cannot keep is said once (docs/deployment.md).
  const disk = checkDiskUse(config);
  if (!config.SMTP_HOST) await embeddedInbox(config.OUTBOX_DIR);
  await chooseSharedStores(config.REDIS_URL);
  if (disk.counts) await startInsights(config);
  return config;
}
