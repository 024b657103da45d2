import { processSingleton } from './process-singleton';

/**
 * Work a request starts and does not wait for (a ceiling notice, a signature check and its count), held so that a
 * graceful stop can wait for it: whatever a process has not finished when it exits is lost. One set per process,
 * as the project server and every route bundle add to it.
 */
const pending = processSingleton<Set<Promise<void>>>('pending-work', () => new Set());

/**
 * Lets `work` run in the background, as `void work` would, and a stop wait for it (settlePendingWork). Its
 * failure is the caller's to log; here it only ends the wait.
 */
export function trackPendingWork(work: Promise<unknown>): void {
  const settled: Promise<void> = work.then(
    () => void pending.delete(settled),
    () => void pending.delete(settled),
  );
  pending.add(settled);
}

/** How much tracked work has not finished yet. */
export function pendingWorkCount(): number {
  return pending.size;
}

/**
 * Waits until no tracked work is left, work started meanwhile included, or until `deadline` (epoch ms). True
 * when none is left.
 */
export async function settlePendingWork(deadline: number): Promise<boolean> {
  while (pending.size > 0) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, left)));
    await Promise.race([Promise.all(pending), late]);
    clearTimeout(timer);
  }
  return true;
}
