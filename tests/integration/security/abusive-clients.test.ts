import fs from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAX_WAITING_ANSWERS, STALLED_CONNECTION_MS } from '../../../lib/security/connection-limits';
import { defaultAppServer } from '../support/app';
import { appForThisFile } from '../support/app-for-file';

/**
 * Cheap attacks that used to degrade the whole site: a very long User-Agent (Next's bot pattern costs the square
 * of its length) and a client that pipelines requests and never reads the answers. Each is bounded in count and
 * time; costs are compared as ratios on the same server, not as absolute times.
 */
const server = defaultAppServer();
const served = appForThisFile();

/** The time of one GET of `path` with this User-Agent, its answer read to the end. */
async function timedGetMs(path: string, userAgent: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${served.app.url}${path}`, { headers: { 'User-Agent': userAgent } });
  await response.arrayBuffer();
  expect(response.status).toBeLessThan(500);
  return performance.now() - started;
}

const median = (samples: number[]) => samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? NaN;

/**
 * Median times of `rounds` GETs of `path` with a short and with a long User-Agent, taking turns so that a burst of
 * load on a shared machine slows both alike rather than one's run of samples.
 */
async function medianMsShortAndLong(path: string, rounds = 15): Promise<{ short: number; long: number }> {
  const short: number[] = [];
  const long: number[] = [];
  for (let round = 0; round < rounds; round++) {
    short.push(await timedGetMs(path, SHORT_AGENT));
    long.push(await timedGetMs(path, LONG_AGENT));
  }
  return { short: median(short), long: median(long) };
}

const SHORT_AGENT = 'curl/8.5.0';
// 15,000 letters with no separator: the worst case for a pattern like /[\w-]+-Google/.
const LONG_AGENT = `Mozilla/5.0 ${'a'.repeat(15_000)}`;
const PATHS = ['/api/agent', '/llms.txt', '/robots.txt', '/no-such-page', '/about'];

describe(`a very long User-Agent costs what a short one does (${server})`, () => {
  for (const path of PATHS) {
    it(`GET ${path}`, async () => {
      await medianMsShortAndLong(path, 2);
      const { short, long } = await medianMsShortAndLong(path);
      // Unbounded, the long agent cost hundreds of times the short one; bounded, it is within noise.
      expect(long / Math.max(short, 1)).toBeLessThan(4);
    });
  }

  it('an AI fetcher named in a long User-Agent still gets the page as markdown', async () => {
    const response = await fetch(`${served.app.url}/about`, {
      headers: { 'User-Agent': `Claude-User/1.0 ${'b'.repeat(15_000)}` },
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
  });
});

function residentKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
}

/** Whether the server's end of the connection from `clientPort` to `serverPort` is still established (/proc/net/tcp). */
function serverKeepsConnection(serverPort: number, clientPort: number): boolean {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  const table = fs.readFileSync('/proc/net/tcp', 'utf8');
  // Columns: sl, local address:port, remote address:port, state (01 = ESTABLISHED).
  return table.split('\n').some((line) => {
    const [, local, remote, state] = line.trim().split(/\s+/);
    return local?.endsWith(`:${hex(serverPort)}`) && remote?.endsWith(`:${hex(clientPort)}`) && state === '01';
  });
}

/**
 * Opens a connection, writes `count` pipelined GETs of `path` and never reads; resolves with how long the server
 * kept its end of the connection, polled every 100 ms for at most `withinMs`.
 */
async function pipelineWithoutReading(path: string, count: number, withinMs: number): Promise<number> {
  const { host, port } = new URL(served.app.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.pause();
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  const started = Date.now();
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`.repeat(count));
  await new Promise((resolve) => setTimeout(resolve, 200));
  while (serverKeepsConnection(Number(port), socket.localPort!) && Date.now() - started < withinMs)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const kept = Date.now() - started;
  socket.destroy();
  return kept;
}

describe.skipIf(server === 'next')('a client that pipelines and never reads', () => {
  it('pins little memory and is dropped at once when it pipelines past the limit', async () => {
    const before = residentKb(served.app.pid!);
    const keptFor = await Promise.all(
      Array.from({ length: 4 }, () => pipelineWithoutReading('/llms-full.txt', 1000, 10_000)),
    );
    for (const ms of keptFor) expect(ms).toBeLessThan(5_000);
    const grownMb = (residentKb(served.app.pid!) - before) / 1024;
    // Four attackers pinned about 485 MB before; what is left is the allocator's slack.
    expect(grownMb).toBeLessThan(40);
    expect((await fetch(`${served.app.url}/llms.txt`)).status).toBe(200);
  });

  it(`is dropped ${STALLED_CONNECTION_MS / 1000} s after nothing moves: answers unread, or a body never finished`, async () => {
    const { host, port } = new URL(served.app.url);
    const unread = pipelineWithoutReading('/llms-full.txt', MAX_WAITING_ANSWERS, STALLED_CONNECTION_MS + 10_000);
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    const started = Date.now();
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
    socket.write(
      `POST /api/agent/tools/evaluate-client-needs HTTP/1.1\r\nHost: ${host}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"challenges":',
    );
    expect(await unread).toBeLessThan(STALLED_CONNECTION_MS + 5_000);
    const stalledFor = await closed;
    expect(stalledFor).toBeGreaterThan(STALLED_CONNECTION_MS - 1_000);
    expect(stalledFor).toBeLessThan(STALLED_CONNECTION_MS + 5_000);
  }, 60_000);
});
