import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentVersion } from '@/lib/content/version';
import { ROOT, type RunningApp, freePort, spawnServer, startApp } from '../support/app';
import { MCP_ACCEPT, initializeBody } from '../support/http';

/**
 * The project's server (npm start): it keeps `next start`'s interface, and it listens only once start-up has
 * finished, so no request is ever served from this process's memory stores while REDIS_URL is set. Bare `next
 * start` behind a proxy that appends the client address, with TRUST_PROXY=true, counts quotas per client.
 */
const stops: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** A "Redis" that accepts connections and never answers: start-up waits for it as long as it ever waits. */
async function frozenRedis(): Promise<{ port: number; firstConnection: () => number | undefined }> {
  let first: number | undefined;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    first ??= Date.now();
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, firstConnection: () => first };
}

/** Tries to connect every 10 ms until a connection is accepted; resolves with the moment it was (at most 40 s). */
async function firstAccepted(port: number): Promise<number> {
  for (const until = Date.now() + 40_000; Date.now() < until;) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (accepted) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`nothing accepted connections on ${port} within 40 s`);
}

describe('start-up before listening', () => {
  it('accepts no connection until the Redis stores are chosen, and then serves MCP from Redis, never from memory', async () => {
    const redis = await frozenRedis();
    const port = await freePort();
    const child = spawnServer(port, { REDIS_URL: `redis://127.0.0.1:${redis.port}` }, 'project');
    stops.push(
      () => new Promise<void>((resolve) => (child.kill('SIGKILL') ? child.once('exit', () => resolve()) : resolve())),
    );
    const accepted = await firstAccepted(port);
    const asked = redis.firstConnection();
    expect(asked, 'start-up connected to Redis before the server accepted anything').toBeDefined();
    // Start-up waits about 2.5 s for a Redis that does not answer; the server listened only after that.
    expect(accepted - (asked ?? accepted)).toBeGreaterThan(2000);
    const initialize = await fetch(`http://127.0.0.1:${port}/api/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: MCP_ACCEPT },
      body: initializeBody('start-up-test'),
    });
    // A session needs no store; ending one is recorded in Redis, which does not answer: 503, not memory's 200.
    expect(initialize.status).toBe(200);
    const ended = await fetch(`http://127.0.0.1:${port}/api/mcp`, {
      method: 'DELETE',
      headers: { 'Mcp-Session-Id': initialize.headers.get('mcp-session-id') ?? '' },
    });
    expect(ended.status).toBe(503);
    expect((await ended.json()).error.code).toBe('SERVICE_UNAVAILABLE');
  }, 60_000);
});

describe('which content is served', () => {
  it.each(['project', 'next'] as const)(
    '%s: says at start the content version the build was made from',
    async (server) => {
      const app = await startApp({}, server);
      stops.push(() => app.stop());
      const line = `[content] serving content ${contentVersion(path.join(ROOT, 'content'))}`;
      expect(await app.outputShowing(line, 5000)).toContain(line);
      expect(app.output()).not.toContain('has changed since the build');
    },
    60_000,
  );
});

describe("next start's interface", () => {
  it.each([
    ['PORT', (port: number) => ({ env: { PORT: String(port) }, args: ['-H', '127.0.0.1'] })],
    ['--port=', (port: number) => ({ env: {}, args: [`--port=${port}`, '--hostname', '127.0.0.1'] })],
  ])(
    'takes the port from %s',
    async (_name, how) => {
      const port = await freePort();
      const { env, args } = how(port);
      const child = spawnServer(undefined, env, 'project', args);
      stops.push(() => {
        child.kill('SIGKILL');
      });
      await firstAccepted(port);
      expect((await fetch(`http://127.0.0.1:${port}/llms.txt`)).status).toBe(200);
    },
    60_000,
  );
});

/** A reverse proxy on loopback that appends the address it saw to X-Forwarded-For, as nginx's does. */
async function appendingProxy(target: string): Promise<string> {
  const server = http.createServer((request, response) => {
    const sent = request.headers['x-forwarded-for'];
    const chain = [sent, request.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      `${target}${request.url}`,
      { method: request.method, headers: { ...request.headers, 'x-forwarded-for': chain } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** A GET from a given loopback address (127.0.0.0/8 is all this machine's), optionally with forged hops. */
function getFrom(localAddress: string, url: string, forged?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { localAddress, headers: forged ? { 'x-forwarded-for': forged } : {} }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    request.once('error', reject);
  });
}

describe('bare next start behind a trusted proxy', () => {
  it("counts quotas per client: one client's 429 does not limit another, and forged hops change nothing", async () => {
    const app: RunningApp = await startApp({ RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' }, 'next');
    stops.push(() => app.stop());
    const proxy = await appendingProxy(app.url);
    const statusesOf = async (from: string, forged?: string) => {
      const statuses = [];
      for (let i = 0; i < 4; i += 1)
        statuses.push(await getFrom(from, `${proxy}/api/agent`, forged && `${forged}${i}`));
      return statuses;
    };
    expect(await statusesOf('127.0.0.2', '203.0.113.')).toEqual([200, 200, 200, 429]);
    expect(await statusesOf('127.0.0.3')).toEqual([200, 200, 200, 429]);
    expect(await getFrom('127.0.0.2', `${proxy}/api/agent`)).toBe(429);
  }, 60_000);
});
