import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { distDirName } from '../../../lib/config/dist-dir';

/** The project root: where `next start` runs. */
export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningApp {
  url: string;
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

function spawnNext(port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: distDir(),
      RATE_LIMIT_PER_MINUTE: '100000',
      SCHEDULE_LIMIT_PER_HOUR: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Starts the built app under `next start` on a free loopback port with the environment given (on top of a
 * clean one, so the developer's own SMTP settings never leak into a test), and waits until it answers.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dist = env.NEXT_DIST_DIR ?? distDir();
  if (!fs.existsSync(path.join(ROOT, dist, 'BUILD_ID'))) {
    throw new Error(`No production build in ${dist}: run \`npm run build\` before the integration tests.`);
  }
  const port = await freePort();
  const child = spawnNext(port, env);
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${log}`);
    try {
      // A page, not an API call, so that waiting counts against no quota.
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) });
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 30_000) {
      child.kill('SIGKILL');
      throw new Error(`next start did not answer within 30 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const shows = (expected: string | RegExp) =>
    typeof expected === 'string' ? log.includes(expected) : expected.test(log);
  return {
    url,
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

/** Runs `next start` expecting it to fail; resolves with its exit code and output (bounded to 20 s). */
export async function startAppExpectingFailure(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawnNext(await freePort(), env);
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output: log };
}
