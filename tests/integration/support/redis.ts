import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { freePort } from './app';

export interface TestRedis {
  url: string;
  port: number;
  /** Everything the server printed so far (all runs). */
  output(): string;
  /** Stops the server (SIGTERM; its data is gone: no persistence). */
  stop(): Promise<void>;
  /** Starts it again on the same port after stop(); nothing when it runs. */
  restart(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open and nothing answers, a Redis that hangs. */
  freeze(): void;
  /** Resumes a frozen server (SIGCONT). */
  thaw(): void;
  /** Stops the server for good and removes its folder. */
  close(): Promise<void>;
}

/** True when Debian's redis-server is installed (`npm test` installs it, as root, when missing). */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Whether a PING on loopback `port` is answered within a second: +PONG, or a refusal for want of the password. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG') || reply.startsWith('-NOAUTH'));
    });
  });
}

/**
 * A real redis-server (Debian's package) of its own on a free loopback port: no persistence (`--save ''`,
 * `--appendonly no`), its working folder in a temporary directory. Waits until it answers PING (at most 10 s).
 * `config` (redis-server's arguments, such as compose.yaml's) comes first, so the test's own settings win.
 */
export async function startRedisServer(config: string[] = []): Promise<TestRedis> {
  if (!hasRedisServer()) {
    throw new Error(
      "redis-server is not installed: `npm test` installs Debian's package as root, or run `apt-get install -y redis-server`.",
    );
  }
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-test-'));
  let log = '';
  let child: ChildProcess | undefined;

  const launch = async () => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    const args = [
      ...config,
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--daemonize',
      'no',
    ];
    const started = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await ping(port))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(`redis-server did not start on 127.0.0.1:${port}:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGCONT');
      running.kill('SIGTERM');
      setTimeout(() => running.kill('SIGKILL'), 3000).unref();
    });

  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    output: () => log,
    stop,
    restart: launch,
    freeze: () => child?.kill('SIGSTOP'),
    thaw: () => child?.kill('SIGCONT'),
    close: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A loopback port where nothing listens (a Redis that is down). */
export async function closedPortUrl(): Promise<string> {
  return `redis://127.0.0.1:${await freePort()}`;
}

// Talking to several instances of the app: raw Streamable HTTP (2025-03-26) and the REST tool, with the error
// envelope parsed rather than cast.

export const MCP_ACCEPT = 'application/json, text/event-stream';
export const SCHEDULE_PATH = '/api/agent/tools/schedule-consultation';

/** A JSON-RPC request. */
export const rpc = (id: number, method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
});

/** POST /api/mcp on `baseUrl` with `body` (and the session, when given). */
export function mcpPost(baseUrl: string, body: unknown, sessionId?: string): Promise<Response> {
  return fetch(`${baseUrl}/api/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: MCP_ACCEPT,
      ...(sessionId ? { 'Mcp-Session-Id': sessionId } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
}

/** initialize on `baseUrl`; the response (its Mcp-Session-Id header names the session). */
export function mcpInitialize(baseUrl: string): Promise<Response> {
  return mcpPost(
    baseUrl,
    rpc(1, 'initialize', {
      protocolVersion: '2025-03-26',
      capabilities: {},
      clientInfo: { name: 'scale-out', version: '1.0.0' },
    }),
  );
}

/** DELETE /api/mcp on `baseUrl` for `sessionId`. */
export function mcpDelete(baseUrl: string, sessionId: string): Promise<Response> {
  return fetch(`${baseUrl}/api/mcp`, {
    method: 'DELETE',
    headers: { 'Mcp-Session-Id': sessionId },
    signal: AbortSignal.timeout(10_000),
  });
}

/** POST the REST schedule_consultation tool on `baseUrl`. */
export function postSchedule(baseUrl: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}${SCHEDULE_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
}

const EnvelopeSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string(), resolution: z.string() }).strict() })
  .strict();

/** The error of an envelope response (JSON, no-store), checked against its shape (docs/agent-api.md, "Errors"). */
export async function envelopeOf(response: Response): Promise<z.infer<typeof EnvelopeSchema>['error']> {
  if (!/^application\/json/.test(response.headers.get('content-type') ?? '')) {
    throw new Error(
      `expected the JSON envelope, got ${response.status} ${response.headers.get('content-type')}: ${await response.text()}`,
    );
  }
  return EnvelopeSchema.parse(await response.json()).error;
}

/** The JSON-RPC result of a JSON answer. */
export async function rpcResult(response: Response): Promise<unknown> {
  return z.object({ result: z.unknown() }).parse(await response.json()).result;
}
