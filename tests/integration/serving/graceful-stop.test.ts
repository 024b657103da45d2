import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { NEWEST_NODE, nodeBinary } from '../../../scripts/node-versions';
import { type AppServer, freePort, spawnServer, untilServing } from '../support/app';
import { type FaultySmtpServer, startFaultySmtpServer } from '../support/faulty-smtp';
import { countOf, embeddedStore, freshDataDir, insightsJson } from '../support/insights';
import { type TestRedis, postSchedule, startRedisServer } from '../support/redis';
import { type TestSmtpServer, startSmtpServer } from '../support/smtp';
import { type SigningAgent, startSigningAgent } from '../../fixtures/signing-agent';

/**
 * A stop as an operator's platform sends it, on both ways of serving the build, on the run's Node and the newest: counted
 * traffic, then SIGTERM or SIGINT the moment the last answer arrives. The process must exit by itself, never by
 * a native crash, and every count must be in the store afterwards. The project's server exits 0; `next start`
 * exits as Next decides (143 after SIGTERM, 130 after SIGINT, node_modules/next/dist/server/lib/start-server.js).
 */
const CHATGPT_AGENT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)';
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

interface Started {
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

async function start(server: AppServer, env: Record<string, string>, node = process.execPath): Promise<Started> {
  const port = await freePort();
  const child = spawnServer(port, env, server, undefined, node);
  children.push(child);
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  await untilServing(child, url, () => log);
  return { url, child, exited, output: () => log };
}

/** The exit after `signal`, at most 30 s later. */
async function exitAfter(started: Started, signal: NodeJS.Signals) {
  started.child.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no exit 30 s after ${signal}:\n${started.output()}`)), 30_000);
  });
  return Promise.race([started.exited, late]).finally(() => clearTimeout(timer));
}

const expectedCode = (server: AppServer, signal: NodeJS.Signals) =>
  server === 'project' ? 0 : signal === 'SIGTERM' ? 143 : 130;

describe.each<[AppServer, string, NodeJS.Signals]>([
  ['project', process.version.slice(1), 'SIGTERM'],
  ['project', process.version.slice(1), 'SIGINT'],
  ['project', NEWEST_NODE, 'SIGTERM'],
  ['next', process.version.slice(1), 'SIGTERM'],
  ['next', process.version.slice(1), 'SIGINT'],
  ['next', NEWEST_NODE, 'SIGTERM'],
])('%s server on Node %s, %s', (server, version, signal) => {
  it('exits by itself without a crash, and the counts of its last seconds are kept', { timeout: 180_000 }, async () => {
    const dataDir = freshDataDir();
    const started = await start(server, { DATA_DIR: dataDir }, nodeBinary(version));
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch(`${started.url}/llms.txt`, { headers: { 'User-Agent': GPTBOT } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const { code, signal: killedBy } = await exitAfter(started, signal);
    expect(started.output()).not.toMatch(/Segmentation fault|SIGSEGV|FATAL ERROR/);
    expect({ code, killedBy }).toEqual({ code: expectedCode(server, signal), killedBy: null });
    const store = embeddedStore(dataDir);
    try {
      expect(await countOf(store, 'request|ai-crawler/gptbot|discovery')).toBe(5);
    } finally {
      await store.close();
    }
  });
});

describe.each<AppServer>(['project', 'next'])('with REDIS_URL (%s)', (server) => {
  let redis: TestRedis;
  afterAll(() => redis?.close());

  it('keeps every count in Redis, closes the connection and exits', { timeout: 120_000 }, async () => {
    redis = await startRedisServer();
    const started = await start(server, { DATA_DIR: freshDataDir(), REDIS_URL: redis.url });
    for (let i = 0; i < 5; i += 1) {
      await (await fetch(`${started.url}/llms.txt`, { headers: { 'User-Agent': GPTBOT } })).arrayBuffer();
    }
    const { code, signal: killedBy } = await exitAfter(started, 'SIGTERM');
    expect({ code, killedBy }).toEqual({ code: expectedCode(server, 'SIGTERM'), killedBy: null });
    const { last7 } = await insightsJson({ REDIS_URL: redis.url, DATA_DIR: freshDataDir() });
    expect(last7.families.find((row) => row.family === 'ai-crawler/gptbot')?.requests).toBe(5);
  });
});

describe.each<AppServer>(['project', 'next'])('a stop during a slow mail delivery (%s)', (server) => {
  let smtp: FaultySmtpServer;
  afterAll(() => smtp?.close());

  it('sends the one mail, answers 200, then exits', { timeout: 60_000 }, async () => {
    smtp = await startFaultySmtpServer('slow');
    smtp.delayMs = 3000;
    const started = await start(server, smtp.env({ DATA_DIR: freshDataDir() }));
    const pending = fetch(`${started.url}/api/agent/tools/schedule-consultation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Ada Quinn',
        client_email: 'ada@quanta.example',
        technology_sector: 'quantum computing',
      }),
    });
    // The signal lands once the message has reached the mail server, which answers it 3 s later.
    for (const until = Date.now() + 10_000; smtp.dataTransfers === 0 && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(smtp.dataTransfers).toBe(1);
    const exit = exitAfter(started, 'SIGTERM');
    const response = await pending;
    expect(response.status).toBe(200);
    expect((await response.json()).success).toBe(true);
    expect((await exit).code).toBe(expectedCode(server, 'SIGTERM'));
    expect(smtp.accepted).toBe(1);
  });
});

/** A key directory that serves `origin`'s, `delayMs` late: a signature check that ends after the stop began. */
async function startLateDirectory(origin: string, delayMs: number) {
  const server = createServer((request, response) => {
    setTimeout(() => {
      void fetch(`${origin}${request.url ?? '/'}`).then(async (upstream) => {
        const type = upstream.headers.get('content-type') ?? 'application/json';
        response.writeHead(upstream.status, { 'Content-Type': type }).end(await upstream.text());
      });
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('work the answers left running, at a stop (project)', () => {
  let smtp: TestSmtpServer;
  let agent: SigningAgent;
  let directory: Awaited<ReturnType<typeof startLateDirectory>>;
  afterAll(async () => {
    await Promise.all([smtp?.close(), agent?.close(), directory?.close()]);
  });

  it(
    'sends the ceiling notice and keeps the count of a signature checked after the signal',
    { timeout: 60_000 },
    async () => {
      smtp = await startSmtpServer({ mailFromDelayMs: 1000 });
      agent = await startSigningAgent('ok');
      directory = await startLateDirectory(agent.origin, 1500);
      const dataDir = freshDataDir();
      const env = { DATA_DIR: dataDir, MAIL_LIMIT_PER_DAY: '1', WEB_BOT_AUTH_SIGNERS: directory.origin };
      const started = await start('project', smtp.env(env));
      const request = { client_name: 'Ada Quinn', client_email: 'ada@quanta.example' };
      expect((await postSchedule(started.url, request)).status).toBe(200);
      // Past the day's ceiling: answered at once, the consultant's notice sent in the background.
      const refused = await postSchedule(started.url, request);
      expect(refused.status).toBe(429);
      await refused.arrayBuffer();
      const url = `${started.url}/llms.txt`;
      const signature = await agent.sign(url, { naming: directory.origin });
      const signed = await fetch(url, { headers: { 'User-Agent': CHATGPT_AGENT, ...signature } });
      expect(signed.status).toBe(200);
      await signed.arrayBuffer();

      expect((await exitAfter(started, 'SIGTERM')).code).toBe(0);
      const subjects = smtp.received.map((mail) => mail.parsed.subject ?? '');
      expect(
        subjects.filter((subject) => subject.startsWith("Today's consultation requests are used up")),
      ).toHaveLength(1);
      const store = embeddedStore(dataDir);
      try {
        expect(await countOf(store, 'verified|ai-assistant/chatgpt')).toBe(1);
      } finally {
        await store.close();
      }
    },
  );
});

describe('a second signal', () => {
  let smtp: FaultySmtpServer;
  afterAll(() => smtp?.close());

  it('exits at once, without waiting for the requests in flight', { timeout: 60_000 }, async () => {
    smtp = await startFaultySmtpServer('stall-after-data');
    const started = await start('project', smtp.env({ DATA_DIR: freshDataDir() }));
    const pending = fetch(`${started.url}/api/agent/tools/schedule-consultation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'Ada Quinn', client_email: 'ada@quanta.example' }),
    }).catch(() => undefined);
    for (const until = Date.now() + 10_000; smtp.dataTransfers === 0 && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 20));
    started.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(started.child.exitCode).toBeNull();
    const stoppedAt = Date.now();
    const { code } = await exitAfter(started, 'SIGTERM');
    expect(code).toBe(143);
    expect(Date.now() - stoppedAt).toBeLessThan(2000);
    await pending;
  });
});
