import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Building and serving for the benchmark: its own dist dir, SITE_URL on loopback, quotas off. */
export const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST_DIR = '.next-bench';
const SITE_URL_FILE = path.join(ROOT, DIST_DIR, 'BENCH_SITE_URL');

/** The environment of the build and the server: quotas off, so that the benchmark measures work, not 429s. */
export function benchEnv(siteUrl: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: DIST_DIR,
    SITE_URL: siteUrl,
    RATE_LIMIT_PER_MINUTE: '0',
    SCHEDULE_LIMIT_PER_HOUR: '0',
    MAIL_LIMIT_PER_DAY: '0',
    // INSIGHTS=false npm run bench measures the same build without counting (docs/insights.md).
    INSIGHTS: process.env.INSIGHTS ?? 'true',
    // Served as in production, without a mail server: the inquiries the bench makes stay in the embedded inbox.
    EMBEDDED_INBOX: 'true',
  };
}

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

/** The SITE_URL the last bench build was made for, so `--no-build` can reuse it. */
export function previousBuildUrl(): string | undefined {
  return fs.existsSync(SITE_URL_FILE) ? fs.readFileSync(SITE_URL_FILE, 'utf8').trim() : undefined;
}

/**
 * `npm run build` into .next-bench with SITE_URL set, so the prerendered copies of the manifest and resources and
 * their static rewrites exist, as in production. Next adds the dist dir to tsconfig.json's `include` when it
 * builds into another folder; the file is put back as it was so a benchmark leaves the tree unchanged.
 */
export function buildApp(siteUrl: string): void {
  const keep = ['tsconfig.json', 'next-env.d.ts'].map((file) => {
    const full = path.join(ROOT, file);
    return { full, text: fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : undefined };
  });
  try {
    // The build as `npm run build` makes it (content check, next build and its post-build steps).
    const build = spawnSync('npm', ['run', '--silent', 'build'], {
      cwd: ROOT,
      env: { ...benchEnv(siteUrl), NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 600_000,
    });
    if (build.status !== 0)
      throw new Error(`npm run build failed (${build.status ?? build.signal}):\n${build.stdout}\n${build.stderr}`);
  } finally {
    for (const { full, text } of keep)
      if (text !== undefined && fs.readFileSync(full, 'utf8') !== text) fs.writeFileSync(full, text);
  }
  fs.writeFileSync(SITE_URL_FILE, siteUrl);
}

export interface Server {
  url: string;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

/** The project's server (npm start) on 127.0.0.1 at the port of SITE_URL; resolves once the homepage answers (at most 30 s). */
export async function startApp(siteUrl: string, env: Record<string, string> = {}): Promise<Server> {
  const port = new URL(siteUrl).port;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const child = spawn(process.execPath, ['dist/server.mjs', '-H', '127.0.0.1', '-p', port], {
    cwd: ROOT,
    env: { ...benchEnv(siteUrl), NODE_ENV: 'production', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    const status = await fetch(`${siteUrl}/`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() - started > 30_000) {
      await stopChild(child);
      throw new Error(`the server did not answer within 30 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url: siteUrl,
    stop: async () => {
      await stopChild(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What one request got back, byte for byte: what the bare server then replays. */
export interface Captured {
  status: number;
  /** Flat [name, value, ...] as received, without the hop-by-hop fields Node's server writes itself. */
  headers: string[];
  body: Buffer;
}

const OWN_FIELDS = new Set(['date', 'connection', 'keep-alive']);

/** Sends one request with node:http (the headers autocannon sends, no compression) and captures the answer. */
export function capture(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = response.rawHeaders;
        const kept: string[] = [];
        for (let i = 0; i + 1 < raw.length; i += 2) {
          const [name, value] = [raw[i] ?? '', raw[i + 1] ?? ''];
          if (!OWN_FIELDS.has(name.toLowerCase())) kept.push(name, value);
        }
        resolve({ status: response.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
    });
    request.setTimeout(10_000, () => request.destroy(new Error(`no answer from ${url} in 10 s`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** The bare Node http server (bench/bare-server.ts) in its own process; `serve` sets the response it replays. */
export async function startBareServer(): Promise<Server & { serve(captured: Captured): Promise<void> }> {
  const child = fork(path.join(import.meta.dirname, 'bare-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    serve: (captured) =>
      new Promise((resolve) => {
        child.once('message', () => resolve());
        child.send({ status: captured.status, headers: captured.headers, body: captured.body.toString('base64') });
      }),
    stop: () => stopChild(child),
  };
}
