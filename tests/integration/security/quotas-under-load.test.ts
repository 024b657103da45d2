import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_SESSION_ID_LENGTH } from '../../../lib/mcp/transport/sessions';
import { type AppServer, type RunningApp, startApp } from '../support/app';
import { envelopeOf, mcpInitialize, mcpPost, rpc } from '../support/redis';
import { sharedApp } from '../support/shared-app';
import { startSmtpServer } from '../support/smtp';

/**
 * Quotas hold under a concurrent burst and cannot be dodged with a forged X-Forwarded-For; a
 * flood of MCP initialize calls, however fat their clientInfo, evicts no one and leaves memory flat.
 */
const valid = { client_name: 'Ravi Menon', client_email: 'ravi@cellforge.example', technology_sector: 'biotech' };
const schedule = (app: RunningApp, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/api/agent/tools/schedule-consultation`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(valid),
  });

async function countStatuses(responses: Response[]): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (const response of responses) {
    counts[response.status] = (counts[response.status] ?? 0) + 1;
    if (response.status === 429) {
      const { error } = await response.json();
      expect(error.code).toBe('RATE_LIMITED');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    } else {
      await response.arrayBuffer();
    }
  }
  return counts;
}

describe('quotas under a concurrent burst', () => {
  it('RATE_LIMIT_PER_MINUTE=25: 100 simultaneous calls give exactly 25 successes and 75 × 429', async () => {
    const app = await startApp({ RATE_LIMIT_PER_MINUTE: '25' });
    try {
      const paths = ['/api/agent', '/api/agent/resources/bio', '/api/agent/resources/engagements', '/mcp.json'];
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, i) => fetch(`${app.url}${paths[i % paths.length]}`)),
      );
      expect(await countStatuses(responses)).toEqual({ 200: 25, 429: 75 });
      // Pages are never limited, even now.
      expect((await fetch(`${app.url}/about`)).status).toBe(200);
    } finally {
      await app.stop();
    }
  });

  it('SCHEDULE_LIMIT_PER_HOUR=3: 20 simultaneous valid requests send exactly 3 mails; the rest are 429', async () => {
    const smtp = await startSmtpServer();
    const app = await startApp(smtp.env({ SCHEDULE_LIMIT_PER_HOUR: '3' }));
    try {
      const responses = await Promise.all(Array.from({ length: 20 }, () => schedule(app)));
      expect(await countStatuses(responses)).toEqual({ 200: 3, 429: 17 });
      expect(smtp.received).toHaveLength(3);
    } finally {
      await app.stop();
      await smtp.close();
    }
  });
});

describe('the client address cannot be forged', () => {
  const forged = (i: number) => ({
    'X-Forwarded-For': `203.0.113.${i}`,
    'X-Real-IP': `203.0.113.${i}`,
    Forwarded: `for=203.0.113.${i}`,
  });

  it('without TRUST_PROXY, a client-sent X-Forwarded-For is ignored: ten forged addresses share one quota', async () => {
    const app = await startApp({ RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const statuses = [];
      for (let i = 1; i <= 10; i += 1)
        statuses.push((await fetch(`${app.url}/api/agent`, { headers: forged(i) })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    } finally {
      await app.stop();
    }
  });

  it('without TRUST_PROXY, a client-sent X-Forwarded-Host is not believed either', async () => {
    const app = sharedApp();
    const manifest = await (
      await fetch(`${app.url}/mcp.json`, {
        headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
      })
    ).text();
    expect(manifest).not.toContain('evil.example');
    expect(manifest).toContain(app.url);
  });

  it('with TRUST_PROXY=true, the address the proxy reports counts, and entries a client wrote further left do not', async () => {
    const app = await startApp({ RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true', ALLOWED_HOSTS: 'site.example' });
    try {
      // Four clients behind the proxy: each has its own quota.
      for (let i = 1; i <= 4; i += 1) {
        const response = await fetch(`${app.url}/api/agent`, { headers: { 'X-Forwarded-For': `198.51.100.${i}` } });
        expect(response.status).toBe(200);
        expect(response.headers.get('ratelimit-remaining')).toBe('2');
      }
      // One client that prepends forged hops (an appending proxy passes them on): still one quota.
      const statuses = [];
      for (let i = 1; i <= 6; i += 1) {
        statuses.push(
          (await fetch(`${app.url}/api/agent`, { headers: { 'X-Forwarded-For': `10.9.9.${i}, 198.51.100.77` } }))
            .status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
      // The proxy's host (one of the site's names) and scheme are believed.
      const manifest = await (
        await fetch(`${app.url}/mcp.json`, {
          headers: {
            'X-Forwarded-For': '198.51.100.9',
            'X-Forwarded-Host': 'site.example',
            'X-Forwarded-Proto': 'https',
          },
        })
      ).json();
      expect(manifest.endpoint).toBe('https://site.example/api/mcp');
    } finally {
      await app.stop();
    }
  });
});

/** The process listening on a loopback port (`next start` renames itself next-server, so it is found by port). */
function pidListeningOn(port: number): number {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`no process found listening on port ${port}: ${out}`);
  return Number(pid);
}

function rssMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 'NaN') / 1024;
}

/**
 * The resident set a process keeps once a burst is over: the least of eight samples over two seconds, so memory
 * the allocator has yet to hand back after the last requests does not count as kept.
 */
async function settledRssMegabytes(pid: number): Promise<number> {
  let least = Infinity;
  for (let sample = 0; sample < 8; sample++) {
    least = Math.min(least, rssMegabytes(pid));
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return least;
}

describe('an MCP batch', () => {
  it('counts each of its messages against the general quota, and past it the whole batch is 429', async () => {
    const app = await startApp({ RATE_LIMIT_PER_MINUTE: '12' });
    try {
      const init = await mcpInitialize(app.url);
      const session = init.headers.get('mcp-session-id') ?? '';
      await init.arrayBuffer();
      const batch = (from: number) =>
        mcpPost(
          app.url,
          Array.from({ length: 8 }, (_, i) => rpc(from + i, 'ping')),
          session,
        );
      const first = await batch(1);
      expect(first.status).toBe(200);
      expect(first.headers.get('ratelimit-remaining')).toBe('3');
      expect(await first.json()).toHaveLength(8);
      const second = await batch(20);
      expect(second.status).toBe(429);
      expect((await second.json()).error.code).toBe('RATE_LIMITED');
    } finally {
      await app.stop();
    }
  });
});

describe('a flood of MCP initialize calls', () => {
  // The project's server needs more than 72 MB of old space to start: this leaves room for 16 requests in flight,
  // while the 60 MB the flood's names weigh could not be kept beside it.
  const OLD_SPACE_MB = 128;
  const SEMI_SPACE_MB = 2;
  // Growth that is the collector's timing, not a leak: keeping the flood's names would be three times this.
  const FLAT_GROWTH_MB = 20;
  // Both ways of serving the build: the project's server and bare `next start`.
  const SERVERS: AppServer[] = ['project', 'next'];
  const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
  // A 30 KB name and version, as an abuser would send them: the server keeps no part of them beyond a few bytes.
  const clientInfo = (i: number) => ({
    name: `flood-${i}-${'n'.repeat(30_000)}`,
    version: `${i}.${'9'.repeat(30_000)}`,
  });
  const initialize = (app: RunningApp, i: number) =>
    fetch(`${app.url}/api/mcp`, {
      method: 'POST',
      headers: MCP_HEADERS,
      // A server thrashing near its heap limit fails the test here, not at the test's own timeout.
      signal: AbortSignal.timeout(10_000),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: i,
        method: 'initialize',
        params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: clientInfo(i) },
      }),
    });
  const ping = (app: RunningApp, session: string) =>
    fetch(`${app.url}/api/mcp`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'Mcp-Session-Id': session },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });

  async function openSessions(app: RunningApp, count: number, from = 0, concurrency = 1): Promise<string[]> {
    const ids: string[] = new Array(count);
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          const i = next++;
          const response = await initialize(app, from + i);
          expect(response.status).toBe(200);
          await response.arrayBuffer();
          ids[i] = response.headers.get('mcp-session-id') ?? '';
        }
      }),
    );
    return ids;
  }

  it.each(SERVERS)(
    '%s: one address opening 300 fat sessions evicts no one; each id is small',
    async (server) => {
      const app = await startApp({ MCP_MAX_SESSIONS: '50' }, server);
      try {
        const first = (await openSessions(app, 1))[0] ?? '';
        const ids = await openSessions(app, 300, 1, 4);
        expect(new Set(ids).size).toBe(300);
        for (const id of [first, ...ids]) expect(id.length).toBeLessThanOrEqual(MAX_SESSION_ID_LENGTH);
        for (const id of [first, ids[0] ?? '', ids[299] ?? '']) expect((await ping(app, id)).status).toBe(200);
        // What is remembered (ended sessions) is bounded by MCP_MAX_SESSIONS, and none is forgotten before its
        // lifetime ends: past it a DELETE is refused and says so, and flushes none of the earlier ones.
        const deleted: { status: number; code: string }[] = [];
        for (const id of ids.slice(0, 60)) {
          const ended = await fetch(`${app.url}/api/mcp`, { method: 'DELETE', headers: { 'Mcp-Session-Id': id } });
          const code = ended.status === 200 ? 'ENDED' : (await envelopeOf(ended)).code;
          deleted.push({ status: ended.status, code });
        }
        expect(deleted.slice(0, 50)).toEqual(Array(50).fill({ status: 200, code: 'ENDED' }));
        expect(deleted.slice(50)).toEqual(Array(10).fill({ status: 507, code: 'SESSION_STORE_FULL' }));
        for (const id of [ids[0], ids[49]]) expect((await ping(app, id ?? '')).status).toBe(404);
        for (const id of [ids[50], ids[59], first]) expect((await ping(app, id ?? '')).status).toBe(200);
      } finally {
        await app.stop();
      }
    },
    60_000,
  );

  it.each(SERVERS)(
    '%s: memory stays flat: 1,000 more fat sessions after 1,000 leave the resident set where it was',
    async (server) => {
      // V8 grows its heap lazily, so an uncapped server's resident set follows the collector's timing more than what
      // it keeps. With old space and the young generation capped, it must collect; anything each session left behind
      // would show as growth here and end in an out-of-memory exit long before the flood is over. The first thousand
      // warm the server up: until then Node 24's compiled code and heap still settle by some twenty megabytes.
      const app = await startApp(
        { NODE_OPTIONS: `--max-old-space-size=${OLD_SPACE_MB} --max-semi-space-size=${SEMI_SPACE_MB}` },
        server,
      );
      try {
        const pid = pidListeningOn(Number(new URL(app.url).port));
        const [earliest] = await openSessions(app, 1000, 0, 16);
        const warm = await settledRssMegabytes(pid);
        await openSessions(app, 1000, 1000, 16);
        expect((await settledRssMegabytes(pid)) - warm).toBeLessThan(FLAT_GROWTH_MB);
        expect(pidListeningOn(Number(new URL(app.url).port))).toBe(pid);
        expect((await ping(app, earliest ?? '')).status).toBe(200);
      } catch (error) {
        // A reset connection says little by itself; the server's last words say whether it ran out of memory.
        throw new Error(`${String(error)}\nthe server's output ends:\n${app.output().slice(-2000)}`, { cause: error });
      } finally {
        await app.stop();
      }
    },
    180_000,
  );
});
