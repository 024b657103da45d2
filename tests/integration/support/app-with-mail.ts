import { type RunningApp, startApp } from './app';

/** A loopback SMTP server of the tests (support/smtp.ts, support/faulty-smtp.ts). */
export interface MailServer {
  env(overrides?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

/** Starts a loopback mail server, then the built app sending to it with `env` on top. */
export async function startAppWithMail<S extends MailServer>(
  startMail: () => Promise<S>,
  env: Record<string, string> = {},
): Promise<{ app: RunningApp; smtp: S }> {
  const smtp = await startMail();
  return { app: await startApp(smtp.env(env)), smtp };
}

/** Stops what startAppWithMail started (either may be missing when start-up failed). */
export async function stopAppWithMail(app: RunningApp | undefined, smtp: MailServer | undefined): Promise<void> {
  await app?.stop();
  await smtp?.close();
}

/** The hooks of a test runner that run once around a file's tests (vitest's, or Playwright's `test.*`). */
export interface FileHooks {
  beforeAll(run: () => Promise<void>): void;
  afterAll(run: () => Promise<void>): void;
}

/**
 * The built app and its mail server, started by the runner's `hooks` before the tests of the file that calls this
 * and stopped after them. Read `.app` and `.smtp` inside a test or hook, not at the file's top level.
 */
export function appWithMailHeldBy<S extends MailServer>(
  hooks: FileHooks,
  startMail: () => Promise<S>,
  env: Record<string, string> = {},
): { readonly app: RunningApp; readonly smtp: S } {
  let started: { app: RunningApp; smtp: S } | undefined;
  hooks.beforeAll(async () => {
    started = await startAppWithMail(startMail, env);
  });
  hooks.afterAll(() => stopAppWithMail(started?.app, started?.smtp));
  const get = () => {
    if (!started) throw new Error('the app is not started yet: read it inside a test or a hook');
    return started;
  };
  return {
    get app() {
      return get().app;
    },
    get smtp() {
      return get().smtp;
    },
  };
}
