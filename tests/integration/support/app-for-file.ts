import { afterAll, beforeAll } from 'vitest';
import { type RunningApp, startApp } from './app';
import { type MailServer, startAppWithMail, stopAppWithMail } from './app-with-mail';

/**
 * The built app, started once before the tests of the file that calls this and stopped after them (on the
 * serving path APP_SERVER names). Read `.app` inside a test or hook, not at the file's top level.
 */
export function appForThisFile(env: Record<string, string> = {}): { readonly app: RunningApp } {
  let app: RunningApp | undefined;
  beforeAll(async () => {
    app = await startApp(env);
  });
  afterAll(() => app?.stop());
  return {
    get app() {
      if (!app) throw new Error('the app is not started yet: read it inside a test or a hook');
      return app;
    },
  };
}

/** The same with a loopback mail server the app sends to (`startSmtpServer` of support/smtp.ts, or a faulty one). */
export function appWithMailForThisFile<S extends MailServer>(
  startMail: () => Promise<S>,
  env: Record<string, string> = {},
): { readonly app: RunningApp; readonly smtp: S } {
  let started: { app: RunningApp; smtp: S } | undefined;
  beforeAll(async () => {
    started = await startAppWithMail(startMail, env);
  });
  afterAll(() => stopAppWithMail(started?.app, started?.smtp));
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
