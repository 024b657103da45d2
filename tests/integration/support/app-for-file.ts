import { afterAll, beforeAll } from 'vitest';
import { type RunningApp, startApp } from './app';
import { type MailServer, appWithMailHeldBy } from './app-with-mail';
import { freshDataDir } from './insights';
import { type TestRedis, startRedisServer } from './redis';
import { type TestSmtpServer, startSmtpServer } from './smtp';

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
  return appWithMailHeldBy({ beforeAll, afterAll }, startMail, env);
}

/** Two instances of the built app behind one real redis-server, as behind a load balancer. */
export interface AppPairSharingRedis {
  readonly a: RunningApp;
  readonly b: RunningApp;
  readonly redis: TestRedis;
  readonly smtp: TestSmtpServer;
}

/**
 * Two instances of the built app sharing one redis-server on loopback and one SMTP server they both send to,
 * started once before the file's tests and stopped after them. Each has a data folder of its own, so only Redis
 * can make them agree. `env` comes on top of the mail settings and REDIS_URL; a function is read when they start,
 * for settings known only then (a server an earlier hook started).
 */
export function appPairSharingRedisForThisFile(
  env: Record<string, string> | (() => Record<string, string>) = {},
): AppPairSharingRedis {
  let started: AppPairSharingRedis | undefined;
  beforeAll(async () => {
    const [redis, smtp] = await Promise.all([startRedisServer(), startSmtpServer()]);
    const shared = smtp.env({ REDIS_URL: redis.url, ...(typeof env === 'function' ? env() : env) });
    const [a, b] = await Promise.all([
      startApp({ DATA_DIR: freshDataDir(), ...shared }),
      startApp({ DATA_DIR: freshDataDir(), ...shared }),
    ]);
    started = { a, b, redis, smtp };
  });
  afterAll(async () => {
    // A test may leave Redis frozen (SIGSTOP); it must answer to be stopped.
    started?.redis.thaw();
    await Promise.all([started?.a.stop(), started?.b.stop()]);
    await Promise.all([started?.smtp.close(), started?.redis.close()]);
  });
  const get = () => {
    if (!started) throw new Error('the apps are not started yet: read them inside a test or a hook');
    return started;
  };
  return {
    get a() {
      return get().a;
    },
    get b() {
      return get().b;
    },
    get redis() {
      return get().redis;
    },
    get smtp() {
      return get().smtp;
    },
  };
}
