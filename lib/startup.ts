import { distDir } from '@/lib/config/dist-dir';
import { ConfigError, getConfig } from '@/lib/config/env';
import { FrontDoor, installFrontDoor } from '@/lib/http/front-door';
import { addAcceptToPageVary } from '@/lib/http/vary-accept';
import { embeddedInbox } from '@/lib/mail/embedded-inbox';
import { loadPageAnswers } from '@/lib/prerendered/pages';
import { chooseSharedStores } from '@/lib/redis/shared-stores';
import { ensurePagePolicies, guardRequests } from '@/lib/security/startup';
import { loadStaticReads } from '@/lib/static-reads/start';

/**
 * Start-up checks. A bad environment variable stops the server here with a message naming it, rather than
 * failing on the first request (issue 3, point 8); with no SMTP_HOST the embedded inbox starts now, so the
 * log says at once where consultation requests are kept.
 */
export async function startServer(): Promise<void> {
  let config;
  try {
    config = getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`\n${error.message}\nThe server did not start. Fix the variables above (README, "Configuration").\n`);
    process.exit(1);
  }
  addAcceptToPageVary();
  ensurePagePolicies();
  // The front door after the pages have their policies and before the request guard, which wraps it and so runs
  // first for every request. It stays closed (Next answers, and holds requests until this function returns)
  // until the inbox and the stores are ready: it answers without waiting for start-up.
  let door: FrontDoor | undefined;
  if (process.env.NODE_ENV === 'production' && config.FRONT_DOOR) {
    try {
      const dist = distDir();
      door = new FrontDoor({ staticReads: loadStaticReads(config, dist), pages: loadPageAnswers(dist) });
      installFrontDoor(door);
    } catch (error) {
      // An unreadable build file costs speed, never service: Next serves everything, as with FRONT_DOOR=false.
      console.error('[front door] not installed: the build could not be read; Next serves every request.', error);
    }
  }
  guardRequests(config);
  if (!config.SMTP_HOST) await embeddedInbox(config.OUTBOX_DIR);
  await chooseSharedStores(config.REDIS_URL);
  door?.open();
}
