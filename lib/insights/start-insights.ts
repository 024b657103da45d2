import type { Config } from '@/lib/config/env';
import { startFlushing, utcDay } from './counts';
import { getInsightsStore, setInsightsStore } from './store';

const DAY_MS = 86_400_000;

/**
 * Starts counting (docs/insights.md) unless INSIGHTS=false: the store chosen (the Redis of the shared stores
 * when REDIS_URL is set, else the embedded one), counts written in batches, and what is older than
 * INSIGHTS_RETENTION_DAYS forgotten at start and once a day. A store that cannot open costs the counts, never service.
 */
export async function startInsights(config: Config): Promise<void> {
  if (!config.INSIGHTS) return;
  if (!getInsightsStore()) {
    try {
      const { openInsightsStore } = await import('./open-store');
      setInsightsStore(await openInsightsStore(config));
    } catch (error) {
      console.warn(`[insights] the store in ${config.DATA_DIR} could not be opened; nothing is counted`, error);
      return;
    }
  }
  startFlushing();
  const prune = () => {
    const before = utcDay(Date.now() - config.INSIGHTS_RETENTION_DAYS * DAY_MS);
    getInsightsStore()
      ?.prune(before)
      .catch((error: unknown) => console.warn('[insights] old counts could not be pruned', error));
  };
  prune();
  setInterval(prune, DAY_MS).unref();
}
