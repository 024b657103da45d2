import { flushCounts, writeCountsAtOnce } from '@/lib/counting/counts';
import { getInsightsStore } from '@/lib/stores/insights/insights-store';
import { processSingleton } from '@/lib/process-singleton';
import { closeStores } from '@/lib/stores/open-stores';

const stopped = processSingleton<{ promise?: Promise<void> }>('stop-services', () => ({}));

/**
 * What start-up opened, closed once the last request has been answered: the counts held in memory written, then
 * every store closed (lib/stores/open-stores.ts). Once per process; a store that fails is logged, and the stop
 * goes on.
 */
export function stopServices(): Promise<void> {
  return (stopped.promise ??= stop());
}

async function stop(): Promise<void> {
  await flushCounts();
  await closeStores();
}

/**
 * Under `next start` Next owns the signals: it stops accepting, waits for the requests in flight, then exits
 * (node_modules/next/dist/server/lib/start-server.js), without waiting for anything of ours. A store that can
 * write at exit (LMDB) gets the counts then, and from the signal on each count as it is made. One that cannot
 * (Redis) gets each count as it is made from the start: Next may exit, or a platform freeze the process, at any
 * moment after an answer.
 */
export function writeCountsUntilExit(): void {
  if (!getInsightsStore()?.addCountsSync) {
    void writeCountsAtOnce();
    return;
  }
  // The operator's own handler owns the stop then (Next's documented switch); its exit still writes the last counts.
  if (process.env.NEXT_MANUAL_SIG_HANDLE) return;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void writeCountsAtOnce());
  }
}
