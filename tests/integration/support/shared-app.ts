import { inject } from 'vitest';
import type { RunningApp } from './app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared app's address (global-setup.ts), on the serving path of the run's project. */
    sharedAppUrl: string;
  }
}

/**
 * The built app with no settings of its own, started once per run on each serving path (tests/integration/
 * global-setup.ts) for the files that only read what it serves: they need no server of their own, and so do not
 * start one. A file that sets anything, stops the server, reads its output, or checks what it counted or mailed
 * starts its own app.
 */
export function sharedApp(): Pick<RunningApp, 'url'> {
  return { url: inject('sharedAppUrl') };
}
