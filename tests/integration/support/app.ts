import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { distDirName } from '../../../lib/config/dist-dir';

/** The project root: where the server runs. */
export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The lowest port the kernel hands out for listen(0) and outgoing connections (Linux's default where unreadable). */
function ephemeralPortsStart(): number {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

/** Whether `port` can be listened on at loopback now. */
const canListen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A free TCP port on loopback, picked below the kernel's ephemeral ports: one of those could be taken, between
 * this check and the server's listen, by any other test's listen(0) (an embedded inbox) or outgoing connection.
 */
export async function freePort(): Promise<number> {
  const high = ephemeralPortsStart() - 1;
  const low = Math.max(1024, high - 12_000);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free loopback port found between ${low} and ${high}`);
}

export interface RunningApp {
  url: string;
  /** The process started: the project's server itself, or `next start`, which serves from a child of its own. */
  pid: number | undefined;
  /** Everything the server printed so far. */
  output(): string;
  /**
   * The output once it shows `expected` (waiting at most `ms`), or as it is then. The server prints a line
   * before the answer it goes with, but the line comes by another pipe and may be read a moment later.
   */
  outputShowing(expected: string | RegExp, ms?: number): Promise<string>;
  stop(): Promise<void>;
}

/** The build the tests run against (`npm run build` first); NEXT_DIST_DIR picks another. */
export const distDir = distDirName;

/**
 * How the build is served: `project`, the project's server (`npm start`: dist/server.mjs), or `next`, bare
 * `next start`, which stands for every way of serving the build without it. APP_SERVER picks the default, so
 * the same test files run against both (vitest.config.ts).
 */
export type AppServer = 'project' | 'next';
export const appServerNamed = (name: string | undefined): AppServer => (name === 'next' ? 'next' : 'project');
export const defaultAppServer = (): AppServer => appServerNamed(process.env.APP_SERVER);

/** A test server's environment: `env` on top of a clean one, so the developer's own settings never leak in. */
export function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const clean: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    // The run's compile cache (scripts/test-all.sh), shared by every server it starts.
    ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
    // NODE_ENV is left to the server, as the README's `npm start` leaves it: the project's server and `next start`
    // set it for Next. A run that counts as a live site and sends no mail keeps it in the embedded inbox, as a
    // trial would (lib/config/live-site.ts); a test of the refusal sets EMBEDDED_INBOX to ''.
    ...(env.SMTP_HOST ? {} : { EMBEDDED_INBOX: 'true' }),
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: distDir(),
    RATE_LIMIT_PER_MINUTE: '100000',
    SCHEDULE_LIMIT_PER_HOUR: '100000',
    MAIL_LIMIT_PER_DAY: '100000',
    // The weekly digest would otherwise arrive in the tests' mail servers whenever its hour comes round.
    DIGEST: 'false',
    // A test's stop needs no load balancer to notice it first (docs/deployment.md, "Health checks").
    STOP_DELAY_SECONDS: '0',
    ...env,
  };
  return clean as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv;
}

/** Spawns the server on `port` without waiting for it; startApp is the usual way in. */
export function spawnServer(
  port: number | undefined,
  env: Record<string, string>,
  server: AppServer,
  args: readonly string[] = ['-p', String(port), '-H', '127.0.0.1'],
  node: string = process.execPath,
): ChildProcess {
  const command = server === 'project' ? ['dist/server.mjs'] : ['node_modules/next/dist/bin/next', 'start'];
  return spawn(node, [...command, ...args], { cwd: ROOT, env: serverEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
}

/** What the server prints once it listens: the project's server `Ready on <url>`, `next start` `✓ Ready in <time>`. */
const LISTENING = /\bReady (on|in) /;

/**
 * Starts the built app (`server`: the project's, or bare `next start`) on a free loopback port with the environment
 * given (on top of a clean one, so the developer's own SMTP settings never leak into a test), and waits until it
 * says it listens and answers. Should another test's server take the port first, it starts again on another.
 */
export async function startApp(
  env: Record<string, string> = {},
  server: AppServer = defaultAppServer(),
): Promise<RunningApp> {
  const dist = env.NEXT_DIST_DIR ?? distDir();
  if (!fs.existsSync(path.join(ROOT, dist, 'BUILD_ID'))) {
    throw new Error(`No production build in ${dist}: run \`npm run build\` before the integration tests.`);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(env, server);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 3) throw error;
    }
  }
}

class PortTakenError extends Error {}
/** What each server says when its port is taken: the project's server in words, `next start` Node's error code. */
const PORT_TAKEN = /EADDRINUSE|another server is using port/;

/**
 * Waits until the server `child` says it listens and then answers a page at `url`, at most `withinMs`; throws with
 * its output if it exits first (PortTakenError when its port was taken) or stays silent, and kills it then.
 */
export async function untilServing(
  child: ChildProcess,
  url: string,
  output: () => string,
  withinMs = 30_000,
): Promise<void> {
  for (const until = Date.now() + withinMs; ;) {
    if (child.exitCode !== null) {
      const message = `the server exited with ${child.exitCode}:\n${output()}`;
      throw PORT_TAKEN.test(output()) ? new PortTakenError(message) : new Error(message);
    }
    // Its own line first: until then, an answer on the port could come from another server.
    if (LISTENING.test(output())) {
      // A page, not an API call, so that waiting counts against no quota.
      const answered = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.status < 500,
        () => false,
      );
      if (answered) return;
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${withinMs / 1000} s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startOnFreePort(env: Record<string, string>, server: AppServer): Promise<RunningApp> {
  const port = await freePort();
  const child = spawnServer(port, env, server);
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await untilServing(child, url, () => log);
  const shows = (expected: string | RegExp) =>
    typeof expected === 'string' ? log.includes(expected) : expected.test(log);
  return {
    url,
    pid: child.pid,
    output: () => log,
    outputShowing: async (expected, ms = 2000) => {
      for (const until = Date.now() + ms; !shows(expected) && Date.now() < until;)
        await new Promise((resolve) => setTimeout(resolve, 20));
      return log;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/** Starts the server expecting it to fail; resolves with its exit code and output (bounded to 20 s). */
export async function startAppExpectingFailure(
  env: Record<string, string>,
  server: AppServer = defaultAppServer(),
): Promise<{ code: number | null; output: string }> {
  const child = spawnServer(await freePort(), env, server);
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output: log };
}
