import type { Config } from '@/lib/config/env';
import { startFlushing, utcDay } from '@/lib/counting/counts';
import { digestEnabled, sendDigestIfDue } from './digest';
import { getInsightsStore } from '@/lib/stores/insights/insights-store';

const DAY_MS = 86_400_000;
/** How soon after start, then how often, the server looks whether the weekly digest is due. */
const DIGEST_FIRST_LOOK_MS = 3_000;
const DIGEST_LOOK_INTERVAL_MS = 10 * 60_000;

/**
 * Starts counting (docs/insights.md) once start-up has opened the store (lib/stores/open-stores.ts; none with
 * INSIGHTS=false, or when it could not open): counts written in batches, what is older than INSIGHTS_RETENTION_DAYS
 * forgotten at start and once a day, and the weekly digest sent when it is due (digest.ts).
 */
export function startInsights(config: Config): void {
  if (!config.INSIGHTS || !getInsightsStore()) return;
  startFlushing();
  const prune = () => {
    const before = utcDay(Date.now() - config.INSIGHTS_RETENTION_DAYS * DAY_MS);
    getInsightsStore()
      ?.prune(before)
      // A store that is briefly unreachable (Redis restarting) is tried again the next day: one line, no trace.
      .catch((error: unknown) =>
        console.warn(`[insights] old counts could not be pruned (${messageOf(error)}); tried again in a day`),
      );
  };
  prune();
  setInterval(prune, DAY_MS).unref();
  if (digestEnabled(config)) {
    const look = () => {
      const store = getInsightsStore();
      if (!store) return;
      sendDigestIfDue(store, config).catch((error: unknown) =>
        console.warn('[insights] could not look whether the weekly digest is due; trying again later', error),
      );
    };
    setTimeout(look, DIGEST_FIRST_LOOK_MS).unref();
    setInterval(look, DIGEST_LOOK_INTERVAL_MS).unref();
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
