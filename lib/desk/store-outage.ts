import { processSingleton } from '@/lib/process-singleton';

// One per process: each download's route is a bundle of its own.
const outage = processSingleton<{ down: boolean }>('desk-download-outage', () => ({ down: false }));

/**
 * A download found the desk's stores failing: said once in the log, with the reason and without a stack, until
 * they answer again (a flood of downloads while they are down adds no line).
 */
export function storeFailed(error: unknown): void {
  if (outage.down) return;
  outage.down = true;
  const reason = error instanceof Error ? error.message : String(error);
  console.warn(`[desk] the figures cannot be downloaded until the desk's store answers again: ${reason}`);
}

/** The desk's store answered a download: the next failure is a new outage, and is logged again. */
export function storeAnswered(): void {
  if (!outage.down) return;
  outage.down = false;
  console.info("[desk] the desk's store answers again: the figures can be downloaded.");
}
