import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { portInUseLine } from '@/lib/start-up/listen';
import { ROOT, freePort, serverEnv, untilServing } from '../support/app';
import { countOf, embeddedStore, freshDataDir } from '../support/insights';

/**
 * `npm start` itself, as the owner runs it: npm, the shell it runs the script in, and the server. Each runs in a
 * process group of its own, so that whatever npm leaves behind is found and killed after the test.
 */
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)';
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
  url: string;
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
  return { child, url: `http://127.0.0.1:${port}`, exited, output: () => log };
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

/** Whether anything accepts connections on `port` at loopback. */
const accepting = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Whether any process of the group `group` is still alive. */
function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/** The health probe's status, polled every 50 ms until it is `status` (at most 5 s); the last one seen. */
async function healthBecomes(url: string, status: number): Promise<number> {
  let seen = 0;
  for (const until = Date.now() + 5000; seen !== status && Date.now() < until;) {
    seen = await fetch(`${url}/api/health`).then(
      async (response) => (await response.arrayBuffer(), response.status),
      () => 0,
    );
    if (seen !== status) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return seen;
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

describe.each<[NodeJS.Signals, string]>([
  ['SIGTERM', '2'],
  ['SIGINT', '0'],
])('%s to the npm start process', (signal, stopDelay) => {
  it('stops the server as the signal to the server does: counts kept, exit 0, nothing left', async () => {
    const dataDir = freshDataDir();
    const port = await freePort();
    const started = npmStart(port, { DATA_DIR: dataDir, STOP_DELAY_SECONDS: stopDelay });
    await untilServing(started.child, started.url, started.output, 60_000);
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch(`${started.url}/llms.txt`, { headers: { 'User-Agent': GPTBOT } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    started.child.kill(signal);
    // After SIGTERM the port stays open for the delay, with the health probe at 503.
    if (signal === 'SIGTERM') expect(await healthBecomes(started.url, 503)).toBe(503);
    expect(await exitWithin(started, 30_000)).toEqual({ code: 0, signal: null });
    expect(await accepting(port)).toBe(false);
    expect(groupAlive(started.child.pid ?? 0)).toBe(false);
    expect(started.output()).toContain(`[server] ${signal}: finishing the requests in flight`);
    const store = embeddedStore(dataDir);
    try {
      expect(await countOf(store, 'request|ai-crawler/gptbot|discovery')).toBe(5);
    } finally {
      await store.close();
    }
  }, 120_000);
});
