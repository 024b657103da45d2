import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, freePort, untilServing } from '../support/app';
import { pressButton, sessionCookieOf } from '../support/desk';

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

/** The folders the runner gives its USER (RUN's chown and COPY's --chown), as absolute paths in the image. */
function ownedByServer(): string[] {
  const user = lines('USER')[0] ?? '';
  const chowned = lines('RUN').flatMap((line) =>
    [...line.matchAll(/chown\s+(?:-R\s+)?(\S+)\s+([^&;]+)/g)]
      .filter((match) => match[1]?.split(':')[0] === user)
      .flatMap((match) => (match[2] ?? '').trim().split(/\s+/)),
  );
  const copied = lines('COPY')
    .filter((line) => line.includes(`--chown=${user}`))
    .map((line) => line.split(/\s+/).pop() ?? '');
  return [...chowned, ...copied].map((folder) => path.posix.resolve('/app', folder)).sort();
}

/** Every path in `dir` with its last change, so what a run wrote shows. */
const changesIn = (dir: string): Map<string, number> =>
  new Map(
    (fs.readdirSync(dir, { recursive: true }) as string[]).map((name) => [
      name,
      fs.lstatSync(path.join(dir, name)).mtimeMs,
    ]),
  );

/** Whether a .dockerignore line by line, the last line that matches deciding, keeps `name` out of the build. */
function ignoredByDocker(name: string): boolean {
  const patterns = fs
    .readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  let ignored = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    const glob = pattern.replace(/^!/, '').replace(/^\//, '');
    const source = glob
      .split('**')
      .map((part) =>
        part
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '[^/]*')
          .replace(/\?/g, '[^/]'),
      )
      .join('.*');
    if (new RegExp(`^${source}(/.*)?$`).test(name)) ignored = !negated;
  }
  return ignored;
}

/** The runner's ENV, as a record. */
const imageEnv = (): Record<string, string> =>
  Object.fromEntries(lines('ENV').flatMap((line) => [...line.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])));

let tree = '';
let dataDir = '';
let server: ChildProcess | undefined;
let url = '';
let log = '';
let before = new Map<string, number>();

/** The environment of a process in the image: its ENV, a PATH, and a data folder of the test's own. */
const envOf = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  NODE_ENV: 'production',
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  ...imageEnv(),
  DATA_DIR: dataDir,
  // The image is a live site (NODE_ENV=production): without a mail server it runs only as a trial.
  EMBEDDED_INBOX: 'true',
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

  // A build no server has served has no route cache yet; the checkout's may have served other tests.
  fs.rmSync(path.join(tree, '.next/server/route-cache'), { recursive: true, force: true });
  // The folders the runner's RUN lines make for the server to write in.
  for (const folder of ownedByServer()) {
    if (folder.startsWith('/app/'))
      fs.mkdirSync(path.join(tree, path.posix.relative('/app', folder)), { recursive: true });
  }
  before = changesIn(tree);

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
    expect(Object.keys(JSON.parse(stdout) as object)).toEqual(['replies', 'last7', 'last30']);
    const outbox = path.join(dataDir, 'outbox');
    const digest = (await npmRun(['digest'])).stdout;
    const saved = fs.readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(saved).toHaveLength(1);
    expect(digest).toContain(
      `not sent (SMTP_HOST is not set): saved in the outbox as ${path.join(outbox, saved[0] ?? '')}`,
    );
    expect(digest).not.toMatch(/digest sent/);
  });

  it("gives the server's user DATA_DIR and Next's two cache folders, the only places it writes", async () => {
    expect(ownedByServer()).toEqual(['/app/.next/cache', '/app/.next/server/route-cache', imageEnv().DATA_DIR]);
    // Pages rendered on their first request, which the site's cache keeps in memory (lib/security/page-cache-handler.ts).
    for (const page of ['/', '/engagements', '/about']) expect((await fetch(`${url}${page}`)).status).toBe(200);
    const writable = ownedByServer().map((folder) => path.posix.relative('/app', folder));
    const written = [...changesIn(tree)]
      .filter(([name, changed]) => before.get(name) !== changed)
      .map(([name]) => name);
    expect(
      written.filter((name) => !writable.some((folder) => name === folder || name.startsWith(`${folder}/`))),
    ).toEqual([]);
  });

  it('keeps every .env file out of the build, so no secret is in the image', () => {
    for (const name of ['.env', '.env.production', '.env.local', '.env.production.local']) {
      expect(ignoredByDocker(name), name).toBe(true);
    }
    expect(ignoredByDocker('package.json')).toBe(false);
  });

  it('npm run desk-link prints a sign-in link that the running server honours', async () => {
    const { stdout } = await npmRun(['desk-link', '--', '--origin', url]);
    const link = new URL(/http:\/\/\S+\/desk\/sign-in\?token=\S+/.exec(stdout)?.[0] ?? 'http://x');
    expect(link.origin).toBe(url);
    expect(sessionCookieOf(await pressButton(url, `${link.pathname}${link.search}`, 'Sign in'))).toBeDefined();
  });
});
