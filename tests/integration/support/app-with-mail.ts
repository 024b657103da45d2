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
