import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { decodeJwt } from 'jose';
import { createClient } from 'redis';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS, getSessionKey, issueSession } from '../../../lib/mcp/transport/sessions';
import { KEY_PREFIX } from '../../../lib/stores/redis/redis-keys';
import { type SigningAgent, startSigningAgent } from '../../fixtures/signing-agent';
import { type RunningApp } from '../support/app';
import { appPairSharingRedisForThisFile } from '../support/app-for-file';
import { cookieForged, cookiesForgedFromStore, mailedSignInLink, pressButton, sessionCookieOf } from '../support/desk';
import { freshDataDir, runOwnerCommand } from '../support/insights';
import {
  type TestRedis,
  envelopeOf,
  mcpDelete,
  mcpInitialize,
  mcpPost,
  postSchedule,
  rpc,
  SCHEDULE_PATH,
  rpcResult,
} from '../support/redis';
import { type TestSmtpServer } from '../support/smtp';

/**
 * Two instances of the built app sharing one real redis-server, as behind a load balancer. A session made on
 * one is served by the other, a quota counts across both, and an Idempotency-Key used on one replays on the other.
 */
// Every request comes from loopback, so all count as one client: the idempotency tests send two mails, and the
// quota test (last) then finds three of the five left.
let signer: SigningAgent;
beforeAll(async () => {
  signer = await startSigningAgent();
});
afterAll(() => signer?.close());
const pair = appPairSharingRedisForThisFile(() => ({
  SCHEDULE_LIMIT_PER_HOUR: '5',
  WEB_BOT_AUTH_SIGNERS: signer.origin,
}));
let redis: TestRedis;
let smtp: TestSmtpServer;
let a: RunningApp;
let b: RunningApp;
beforeAll(() => ({ a, b, redis, smtp } = pair));

const request = (name: string) => ({
  client_name: name,
  client_email: 'priya@example.com',
  preferred_time: 'Tuesday afternoon CET',
  project_context: 'Reconciliation software for banks',
  technology_sector: 'fintech',
});

/** Waits (at most 2 s) until the SMTP server has received `count` mails. */
async function mailsArrive(count: number): Promise<number> {
  for (let i = 0; i < 20 && smtp.received.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return smtp.received.length;
}

describe('two instances sharing Redis', () => {
  it('both say at start-up that they share state through Redis', async () => {
    const line = `[redis] MCP sessions, quotas and idempotency keys are shared through ${redis.url}`;
    for (const app of [a, b]) expect(await app.outputShowing(line)).toContain(line);
  });

  it('serves a session initialised on A from B', async () => {
    const initialize = await mcpInitialize(a.url);
    expect(initialize.status).toBe(200);
    await initialize.body?.cancel();
    const session = initialize.headers.get('mcp-session-id') ?? '';
    expect(session).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect((await mcpPost(b.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session)).status).toBe(202);
    const list = await mcpPost(b.url, rpc(2, 'tools/list'), session);
    expect(list.status).toBe(200);
    expect(list.headers.get('mcp-session-id')).toBe(session);
    expect(JSON.stringify(await rpcResult(list))).toContain('schedule_consultation');
    const read = await mcpPost(a.url, rpc(3, 'resources/read', { uri: 'consultancy://resources/bio' }), session);
    expect(read.status).toBe(200);
  });

  it('lets the official MCP client work through a load balancer that alternates between A and B', async () => {
    const served: string[] = [];
    const transport = new StreamableHTTPClientTransport(new URL(`${a.url}/api/mcp`), {
      fetch: async (url, init) => {
        const target = served.length % 2 === 0 ? a : b;
        served.push(target === a ? 'A' : 'B');
        const response = await fetch(String(url).replace(a.url, target.url), init);
        expect(response.status, `${init?.method} on ${served.at(-1)}`).toBeLessThan(500);
        return response;
      },
    });
    const client = new Client({ name: 'behind-a-balancer', version: '1.0.0' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'evaluate_client_needs',
      'fetch',
      'prepare_consultation_request',
      'schedule_consultation',
      'search',
    ]);
    const result = await client.callTool({
      name: 'evaluate_client_needs',
      arguments: { challenges: 'our pitch deck does not land', technology_sector: 'fintech' },
    });
    expect(result.isError).toBeFalsy();
    const { resources } = await client.listResources();
    expect(resources).toHaveLength(6); // the four resources and the two MCP Apps views
    await transport.terminateSession();
    await client.close();
    expect(served.filter((instance) => instance === 'A').length).toBeGreaterThanOrEqual(2);
    expect(served.filter((instance) => instance === 'B').length).toBeGreaterThanOrEqual(2);
  });

  it('ends on A a session that DELETE ended on B', async () => {
    const initialize = await mcpInitialize(a.url);
    await initialize.body?.cancel();
    const session = initialize.headers.get('mcp-session-id') ?? '';
    const ended = await mcpDelete(b.url, session);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ sessionId: session, ended: true });
    const after = await mcpPost(a.url, rpc(2, 'tools/list'), session);
    expect(after.status).toBe(404);
    expect((await envelopeOf(after)).code).toBe('NOT_FOUND');
    const again = await mcpDelete(a.url, session);
    expect(again.status).toBe(404);
    expect((await envelopeOf(again)).code).toBe('NOT_FOUND');
  });

  it('keeps every ended session ended when the set is full: a DELETE past MCP_MAX_SESSIONS is refused, none flushed', async () => {
    const newSession = async () => {
      const initialize = await mcpInitialize(a.url);
      await initialize.body?.cancel();
      return initialize.headers.get('mcp-session-id') ?? '';
    };
    const status = async (session: string) => {
      const response = await mcpPost(b.url, rpc(9, 'ping'), session);
      await response.body?.cancel();
      return response.status;
    };
    // Signed with the key the app uses when MCP_SESSION_KEY is unset, 80 days ago: the nearest its end of them all.
    const veteran = (
      await issueSession(
        { protocolVersion: '2025-06-18', client: { name: 'veteran', version: '1' } },
        getSessionKey(),
        Date.now() - 80 * 86_400_000,
      )
    ).id;
    const earlier = await newSession();
    expect((await mcpDelete(a.url, earlier)).status).toBe(200);

    // Fill the set to MCP_MAX_SESSIONS (10,000 by default) behind the app's back: one record past its lifetime,
    // the rest live and ending after every real session.
    const key = `${KEY_PREFIX}:mcp-ended`;
    const client = createClient({ url: redis.url, RESP: 2 });
    await client.connect();
    const fillerEnds = Date.now() + SESSION_LIFETIME_MS + 86_400_000;
    try {
      const room = 10_000 - (await client.zCard(key));
      await client.zAdd(key, { score: Date.now() - 1000, value: 'filler-past-its-lifetime' });
      await client.zAdd(
        key,
        Array.from({ length: room - 1 }, (_, i) => ({ score: fillerEnds, value: `filler-${i}` })),
      );
      expect(await client.zCard(key)).toBe(10_000);

      // The record past its lifetime makes room: the session just ended is kept, though nearest its end.
      expect((await mcpDelete(b.url, veteran)).status).toBe(200);
      expect(await status(veteran)).toBe(404);

      // Now every record is live: the next DELETE is refused and says so, and flushes no earlier one.
      const later = await newSession();
      const refused = await mcpDelete(b.url, later);
      expect(refused.status).toBe(507);
      expect((await envelopeOf(refused)).code).toBe('SESSION_STORE_FULL');
      expect(await status(later)).toBe(200);
      expect(await status(veteran)).toBe(404);
      expect(await status(earlier)).toBe(404);
    } finally {
      await client.zRemRangeByScore(key, fillerEnds, fillerEnds);
      client.destroy();
    }
  });

  it('replays on B the answer to an Idempotency-Key used on A, sending one mail', async () => {
    const key = `scale-out-${Date.now()}`;
    const before = smtp.received.length;
    const first = await postSchedule(a.url, request('Idem Potent'), { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBe('false');
    const firstBody = await first.text();
    expect(await mailsArrive(before + 1)).toBe(before + 1);

    const repeat = await postSchedule(b.url, request('Idem Potent'), { 'Idempotency-Key': key });
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(await repeat.text()).toBe(firstBody);

    const reused = await postSchedule(b.url, request('Someone Else'), { 'Idempotency-Key': key });
    expect(reused.status).toBe(422);
    expect((await envelopeOf(reused)).code).toBe('IDEMPOTENCY_KEY_REUSED');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(before + 1);
  });

  it('sends one mail when A and B receive the same Idempotency-Key at the same moment', async () => {
    const key = `race-${Date.now()}`;
    const before = smtp.received.length;
    const responses = await Promise.all(
      [a, b, a, b].map((app) => postSchedule(app.url, request('Race Condition'), { 'Idempotency-Key': key })),
    );
    const statuses = responses.map((response) => response.status);
    // One runs; the others see it in progress (409) or, if it is already done, get its answer replayed (200).
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(responses.filter((response) => response.headers.get('idempotent-replayed') === 'false')).toHaveLength(1);
    await mailsArrive(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(before + 1);
  });

  it('counts the mail quota across both instances, REST and MCP together', async () => {
    const before = smtp.received.length;
    const apps = [a, b, a, b, a, b, a];
    const remaining: number[] = [];
    let refused: Response | undefined;
    for (const app of apps) {
      const response = await postSchedule(app.url, request('Quota Test'));
      if (response.status === 429) {
        refused = response;
        break;
      }
      expect(response.status).toBe(200);
      remaining.push(Number(response.headers.get('ratelimit-remaining')));
    }
    // Alternating instances, one count: 2, 1, 0 (two of the five went to the idempotency tests), then 429.
    expect(remaining).toEqual([2, 1, 0]);
    expect(refused?.headers.get('ratelimit-limit')).toBe('5');
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(3500);
    if (refused) expect((await envelopeOf(refused)).code).toBe('RATE_LIMITED');
    // Over MCP, on the instance that did not refuse, the client is past the same quota.
    const initialize = await mcpInitialize(a.url);
    await initialize.body?.cancel();
    const session = initialize.headers.get('mcp-session-id') ?? '';
    const call = await mcpPost(
      a.url,
      rpc(2, 'tools/call', { name: 'schedule_consultation', arguments: request('Quota Test') }),
      session,
    );
    expect(call.status).toBe(200);
    const result = JSON.stringify(await rpcResult(call));
    expect(result).toContain('"isError":true');
    expect(result).toContain('RATE_LIMITED');
    expect(await mailsArrive(before + 3)).toBe(before + 3);
  });
});

/** Every desk key in Redis with its value (a string, or undefined for a key that holds none). */
async function deskEntriesInRedis(): Promise<[string, unknown][]> {
  const client = createClient({ url: redis.url });
  await client.connect();
  try {
    const names = await client.keys(`${KEY_PREFIX}:desk:*`);
    expect(names.length).toBeGreaterThan(0);
    return await Promise.all(
      names.map(async (name): Promise<[string, unknown]> => [name, (await client.get(name)) ?? undefined]),
    );
  } finally {
    client.destroy();
  }
}

const deskHtml = async (app: RunningApp, cookie: string) =>
  (await fetch(`${app.url}/desk`, { headers: { Cookie: cookie } })).text();

describe("the consultant's desk across instances", () => {
  it('uses a link asked for on one instance on the other, and honours its session on both', async () => {
    const before = smtp.received.length;
    expect((await pressButton(a.url, '/desk', 'Mail me a sign-in link')).status).toBe(303);
    const link = new URL(await mailedSignInLink(smtp, before));
    const signedIn = await pressButton(b.url, `${link.pathname}${link.search}`, 'Sign in');
    const cookie = sessionCookieOf(signedIn);
    expect(cookie).toBeDefined();
    for (const app of [a, b]) {
      const html = await (await fetch(`${app.url}/desk`, { headers: { Cookie: cookie ?? '' } })).text();
      expect(html).toContain('Sign out');
    }
    // Used once, on either.
    const again = await pressButton(a.url, `${link.pathname}${link.search}`, 'Sign in');
    expect(again.headers.get('location')).toMatch(/notice=link-refused/);
    // Whoever reads Redis, the signing key included, cannot make a cookie that opens the desk.
    const entries = await deskEntriesInRedis();
    const realId = decodeJwt(cookie?.slice(cookie.indexOf('=') + 1) ?? '').jti ?? '';
    expect(await deskHtml(b, await cookieForged(entries, cookie ?? '', realId))).toContain('Sign out');
    for (const forgery of await cookiesForgedFromStore(entries, cookie ?? '')) {
      expect(await deskHtml(a, forgery)).toContain('Mail me a sign-in link');
    }
    // Signed out on one: the other no longer honours it.
    await pressButton(a.url, '/desk', 'Sign out', cookie);
    const html = await (await fetch(`${b.url}/desk`, { headers: { Cookie: cookie ?? '' } })).text();
    expect(html).toContain('Mail me a sign-in link');
  });

  it('counts links per address across both, and npm run desk-link keeps its link in the same Redis', async () => {
    // The test above asked for one link from this address: one more on B, then none on A.
    expect((await pressButton(b.url, '/desk', 'Mail me a sign-in link')).headers.get('location')).toMatch(
      /notice=link-sent$/,
    );
    expect((await pressButton(a.url, '/desk', 'Mail me a sign-in link')).headers.get('location')).toMatch(
      /notice=address-capped$/,
    );
    const printed = await runOwnerCommand('desk-link', { REDIS_URL: redis.url, DATA_DIR: freshDataDir() }, [
      '--origin',
      a.url,
    ]);
    const link = new URL(/http:\/\/\S+\/desk\/sign-in\?token=\S+/.exec(printed)?.[0] ?? 'http://x');
    expect(sessionCookieOf(await pressButton(b.url, `${link.pathname}${link.search}`, 'Sign in'))).toBeDefined();
  });
});

/**
 * A consultation request posted to `app` from 127.0.0.3, a client of its own for the quotas, naming `host` as a
 * load balancer in front of both instances passes it on: the mail it sent.
 */
function scheduleFrom(app: RunningApp, host: string, headers: Record<string, string>): Promise<string> {
  const before = smtp.received.length;
  const body = JSON.stringify(request('Signed Agent'));
  return new Promise((resolve, reject) => {
    const post = http.request(
      `${app.url}${SCHEDULE_PATH}`,
      {
        method: 'POST',
        localAddress: '127.0.0.3',
        headers: { ...headers, Host: host, 'Content-Type': 'application/json', 'Content-Length': body.length },
        timeout: 20_000,
      },
      (answer) => {
        answer.resume();
        answer.on('end', () =>
          answer.statusCode === 200
            ? resolve(String(smtp.received[before]?.parsed.text ?? ''))
            : reject(new Error(`the request answered ${answer.statusCode}`)),
        );
      },
    );
    post.on('error', reject);
    post.end(body);
  });
}

describe("the consultant's mail across instances", () => {
  it('says proved for a signature the first time, and seen before when it is replayed to the other instance', async () => {
    const host = new URL(a.url).host;
    const once = await signer.sign(`http://${host}${SCHEDULE_PATH}`, { method: 'POST' });
    expect(await scheduleFrom(a, host, once)).toContain('Identity: verified: its Web Bot Auth signature');
    const replayed = await scheduleFrom(b, host, once);
    expect(replayed).toContain('Identity: signature failed (a warning): it sent a signature, but it was seen before');
  });
});
