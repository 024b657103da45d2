import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { portInUseLine } from '@/lib/start-up/listen';
import { ROOT, freePort, serverEnv } from '../support/app';
import { freshDataDir } from '../support/insights';

/**
 * `npm start` itself, as the owner runs it: npm, the shell it runs the script in, and the server. Each runs in a
 * process group of its own, so that whatever npm leaves behind is found and killed after the test.
 */
const groups: number[] = [];
afterEach(() => {
  for (const group of groups.splice(0)) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // Nothing of the group is left.
    }
  }
});

interface NpmStart {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

/** `npm start -- <args>` on the Node running the tests, with `env` on top of a clean one. */
function npmStart(
  port: number,
  env: Record<string, string>,
  args: string[] = ['-p', String(port), '-H', '127.0.0.1'],
): NpmStart {
  const base = serverEnv(env);
  const child = spawn('npm', ['start', '--', ...args], {
    cwd: ROOT,
    env: { ...base, PATH: `${path.dirname(process.execPath)}${path.delimiter}${base.PATH ?? ''}` },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid) groups.push(child.pid);
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => log };
}

/** The exit of `started`, at most `ms` from now. */
async function exitWithin(started: NpmStart, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`npm start still running after ${ms / 1000} s:\n${started.output()}`)),
      ms,
    );
  });
  return Promise.race([started.exited, late]).finally(() => clearTimeout(timer));
}

describe('npm start on a port another server holds', () => {
  it('says so in one line naming the port and what to do, and exits 1 without a stack trace', async () => {
    const port = await freePort();
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    try {
      const started = npmStart(port, { DATA_DIR: freshDataDir() });
      const { code } = await exitWithin(started, 60_000);
      const output = started.output();
      expect(code).toBe(1);
      expect(output.split('\n').filter((line) => line.includes(String(port)) && !line.startsWith('>'))).toEqual([
        portInUseLine(port),
      ]);
      expect(output).not.toMatch(/^\s+at |uncaughtException|EADDRINUSE/m);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

describe('npm start with a port that is not a number', () => {
  it('says so in one line and exits 1 without a stack trace', async () => {
    const started = npmStart(await freePort(), { DATA_DIR: freshDataDir(), PORT: 'eighty' }, ['-H', '127.0.0.1']);
    const { code } = await exitWithin(started, 60_000);
    expect(code).toBe(1);
    const lines = started
      .output()
      .split('\n')
      .filter((line) => line && !line.startsWith('>'));
    expect(lines).toEqual(['[server] PORT must be a port number from 0 to 65535; got eighty.']);
  });
});
