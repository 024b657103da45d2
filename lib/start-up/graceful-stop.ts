import type { Server } from 'node:http';
import { getConfig } from '@/lib/config/env';
import { MAIL_DEADLINE_MS } from '@/lib/mail/send';
import { pendingWorkCount, settlePendingWork } from '@/lib/pending-work';
import { stopServices } from './stop-services';
import { markStopping } from '@/lib/http/health';
import { delayBeforeClosing } from './stop-delay';

/**
 * How long requests in flight may take to finish once a stop begins (20 s): longer than the slowest mail
 * delivery, so a consultation being mailed completes or gets its honest 502, and short enough to fit the 30 s
 * grace most platforms give (docs/deployment.md, "Stopping").
 */
const STOP_GRACE_MS = MAIL_DEADLINE_MS + 6_000;
/** While draining, connections left idle by a finished request are closed this often. */
const IDLE_SWEEP_MS = 100;
const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * The project server's stop on SIGTERM or SIGINT: /api/health answers 503 at once, and after SIGTERM's
 * STOP_DELAY_SECONDS (stop-delay.ts) it stops accepting, closes idle keep-alive connections, lets
 * the requests in flight finish within `graceMs` (then cuts what is left), waits, within the same `graceMs`, for
 * the work they left running (lib/pending-work.ts), writes the counts and closes the stores, and exits 0. A
 * second signal exits at once.
 */
export function stopGracefullyOnSignal(server: Server, graceMs = STOP_GRACE_MS): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) {
        console.warn(`[server] ${signal} again: exiting now`);
        process.exit(SIGNAL_EXIT_CODES[signal]);
      }
      stopping = true;
      markStopping();
      console.log(`[server] ${signal}: finishing the requests in flight (at most ${graceMs / 1000} s), then exiting`);
      void stopServer(server, graceMs, signal).then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('[server] the stop failed', error);
          process.exit(1);
        },
      );
    });
  }
}

async function stopServer(server: Server, graceMs: number, signal: NodeJS.Signals): Promise<void> {
  const deadline = Date.now() + graceMs;
  // The delay counts into the bound: at most 5 s, so the drain left still outlasts a mail delivery.
  const waited = await delayBeforeClosing(signal, getConfig().STOP_DELAY_SECONDS);
  const drained = await drain(server, graceMs - waited);
  if (!drained) console.warn(`[server] requests still open after ${graceMs / 1000} s were cut`);
  // Before the counts are written: a signature check still running ends in a count.
  if (!(await settlePendingWork(deadline))) {
    console.warn(
      `[server] ${pendingWorkCount()} background tasks still running after ${graceMs / 1000} s were dropped`,
    );
  }
  await stopServices();
}

/** True when every request finished within `graceMs`; otherwise the connections left are closed. */
async function drain(server: Server, graceMs: number): Promise<boolean> {
  const closed = new Promise<true>((resolve) => server.close(() => resolve(true)));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
  const drained = await Promise.race([closed, late]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (!drained) server.closeAllConnections();
  return drained;
}
