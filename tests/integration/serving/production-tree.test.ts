import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, freePort, untilServing } from '../support/app';

/**
 * The Dockerfile's image, made outside Docker (no image can be built here): its runner stage's COPY lines read
 * from the Dockerfile and applied to the built checkout, the production dependencies installed by npm as the
 * builder's `npm prune --omit=dev` leaves them, then its CMD started with its ENV. So the recipe and the tree
 * cannot drift apart: a file the image lacks, or an owner command that needs a dev dependency, fails here.
 */
const run = promisify(execFile);
const DOCKERFILE = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
const runner = DOCKERFILE.slice(DOCKERFILE.lastIndexOf('\nFROM '));
const lines = (instruction: string) =>
  [...runner.matchAll(new RegExp(`^${instruction}\\s+(.+)$`, 'gm'))].map((match) => match[1] ?? '');

/** The runner's `COPY --from=builder /app/<source>… <destination>` lines, as [source, destination] pairs. */
function copies(): [string, string][] {
  return lines('COPY').flatMap((line) => {
    const words = line.split(/\s+/).filter((word) => !word.startsWith('--'));
    const destination = words.pop() ?? '';
    return words.map((source): [string, string] => {
      const relative = path.posix.relative('/app', source);
      const into = destination.endsWith('/')
        ? path.posix.join(destination, path.posix.basename(relative))
        : destination;
      return [relative, into === './' ? relative : into];
    });
  });
}

/** The runner's ENV, as a record. */
const imageEnv = (): Record<string, string> =>
  Object.fromEntries(lines('ENV').flatMap((line) => [...line.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])));

let tree = '';
let dataDir = '';
let server: ChildProcess | undefined;
let url = '';
let log = '';

/** The environment of a process in the image: its ENV, a PATH, and a data folder of the test's own. */
const envOf = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  NODE_ENV: 'production',
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  ...imageEnv(),
  DATA_DIR: dataDir,
  DIGEST: 'false',
  STOP_DELAY_SECONDS: '0',
  ...extra,
});

beforeAll(async () => {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'image-tree-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-data-'));
  for (const [source, destination] of copies()) {
    if (source === 'node_modules') continue;
    fs.cpSync(path.join(ROOT, source), path.join(tree, destination), { recursive: true });
  }
  // The builder installed from the lock and pruned the dev dependencies; npm does the same here from that lock.
  fs.copyFileSync(path.join(ROOT, 'package-lock.json'), path.join(tree, 'package-lock.json'));
  await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund'], { cwd: tree, timeout: 240_000 });
  fs.rmSync(path.join(tree, 'package-lock.json'));

  const cmd = JSON.parse(lines('CMD')[0] ?? '[]') as string[];
  const port = await freePort();
  // Tests listen on loopback only; the image's HOSTNAME=0.0.0.0 is for a container's own network.
  const child = spawn(cmd[0] === 'node' ? process.execPath : (cmd[0] ?? ''), [...cmd.slice(1), '-H', '127.0.0.1'], {
    cwd: tree,
    env: envOf({ PORT: String(port), HOSTNAME: '127.0.0.1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  url = `http://127.0.0.1:${port}`;
  await untilServing(child, url, () => log, 60_000);
}, 330_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    setTimeout(() => server?.kill('SIGKILL'), 10_000).unref();
    await exited;
  }
  for (const dir of [tree, dataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm run <args>` in the tree, as the owner runs it there. */
const npmRun = (args: string[]) => run('npm', ['run', ...args], { cwd: tree, env: envOf(), timeout: 60_000 });

describe('the Dockerfile’s image, made outside Docker', { timeout: 90_000 }, () => {
  it('holds no dev dependency, and its CMD serves a page and the HEALTHCHECK’s endpoint', async () => {
    expect(fs.existsSync(path.join(tree, 'node_modules/tsx'))).toBe(false);
    expect(fs.existsSync(path.join(tree, 'node_modules/next'))).toBe(true);
    const page = await fetch(`${url}/engagements`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('</html>');
    const probe = lines('HEALTHCHECK')[0]?.match(/\/api\/[\w-]+/)?.[0];
    expect(probe).toBe('/api/health');
    expect((await fetch(`${url}${probe}`)).status).toBe(200);
  });

  it('runs every owner command: check, insights, insights --json and digest', async () => {
    expect((await npmRun(['check'])).stdout).toMatch(/content OK/);
    expect((await npmRun(['insights'])).stdout).toMatch(/7 days/i);
    // As docs/insights.md gives it: with npm's -s, the whole stdout is the JSON.
    const { stdout } = await npmRun(['-s', 'insights', '--', '--json']);
    expect(Object.keys(JSON.parse(stdout) as object)).toEqual(['last7', 'last30']);
    const outbox = path.join(dataDir, 'outbox');
    const digest = (await npmRun(['digest'])).stdout;
    const saved = fs.readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(saved).toHaveLength(1);
    expect(digest).toContain(
      `not sent (SMTP_HOST is not set): saved in the outbox as ${path.join(outbox, saved[0] ?? '')}`,
    );
    expect(digest).not.toMatch(/digest sent/);
  });
});
