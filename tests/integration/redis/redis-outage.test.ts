import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../support/app';
import { appPairSharingRedisForThisFile } from '../support/app-for-file';
import {
  type TestRedis,
  closedPortUrl,
  envelopeOf,
  mcpDelete,
  mcpInitialize,
  mcpPost,
  postSchedule,
  rpc,
} from '../support/redis';
import { type TestSmtpServer } from '../support/smtp';

/**
 * Redis stops while two instances serve (docs/deployment.md, "If Redis is unreachable"). Ending an MCP session and requests with an
 * Idempotency-Key answer 503 SERVICE_UNAVAILABLE with the envelope and Retry-After, at once; everything else is
 * served, MCP sessions included and quotas counting per instance; a warning is logged once; and when Redis is
 * back, so is sharing.
 */
const pair = appPairSharingRedisForThisFile({ SCHEDULE_LIMIT_PER_HOUR: '2' });
let redis: TestRedis;
let smtp: TestSmtpServer;
let a: RunningApp;
let b: RunningApp;
beforeAll(() => ({ a, b, redis, smtp } = pair));

const request = {
  client_name: 'Outage Test',
  client_email: 'priya@example.com',
  preferred_time: 'Tuesday afternoon CET',
  project_context: 'Reconciliation software for banks',
  technology_sector: 'fintech',
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `call`, checking that it answered within `ms` (never a hang). */
async function within<T>(ms: number, call: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await call();
  expect(Date.now() - started).toBeLessThan(ms);
  return result;
}

/** The 503 of the shared store: the envelope, Retry-After, no-store. */
async function expectUnavailable(response: Response): Promise<string> {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(response.headers.get('cache-control')).toBe('no-store');
  const error = await envelopeOf(response);
  expect(error.code).toBe('SERVICE_UNAVAILABLE');
  return error.message;
}

async function openSession(url: string): Promise<string> {
  const response = await mcpInitialize(url);
  expect(response.status).toBe(200);
  await response.body?.cancel();
  return response.headers.get('mcp-session-id') ?? '';
}

describe('Redis stopped while two instances serve', () => {
  let session = '';

  it('works before the outage', async () => {
    session = await openSession(a.url);
    expect((await mcpPost(b.url, rpc(2, 'tools/list'), session)).status).toBe(200);
  });

  it('keeps serving MCP sessions (the id carries them); only ending one is 503, at once', async () => {
    await redis.stop();
    const list = await within(2000, () => mcpPost(b.url, rpc(3, 'tools/list'), session));
    expect(list.status).toBe(200);
    const fresh = await within(2000, () => mcpInitialize(a.url));
    expect(fresh.status).toBe(200);
    await fresh.body?.cancel();
    expect(await expectUnavailable(await within(2000, () => mcpDelete(a.url, session)))).toContain(
      'Ended MCP sessions',
    );
    // Without a session, GET /api/mcp is the server description and needs no store.
    const description = await fetch(`${b.url}/api/mcp`);
    expect(description.status).toBe(200);
  });

  it('refuses a call with an Idempotency-Key before sending anything', async () => {
    const before = smtp.received.length;
    const response = await within(2000, () =>
      postSchedule(a.url, request, { 'Idempotency-Key': `outage-${Date.now()}` }),
    );
    expect(await expectUnavailable(response)).toContain('nothing was sent');
    await sleep(300);
    expect(smtp.received.length).toBe(before);
  });

  it('serves pages, resources and tools without a key, counting quotas per instance', async () => {
    expect((await within(2000, () => fetch(`${a.url}/`))).status).toBe(200);
    const bio = await within(2000, () => fetch(`${b.url}/api/agent/resources/bio`));
    expect(bio.status).toBe(200);
    expect(bio.headers.get('ratelimit-limit')).toBeTruthy();
    // The mail quota (2 per hour) now counts on each instance alone: two mails through A, then A refuses while B
    // still accepts. Each answer is true: 200 only after the SMTP server accepted the mail.
    const before = smtp.received.length;
    const statuses: number[] = [];
    for (const app of [a, a, a, b]) statuses.push((await within(5000, () => postSchedule(app.url, request))).status);
    expect(statuses).toEqual([200, 200, 429, 200]);
    for (let i = 0; i < 20 && smtp.received.length < before + 3; i++) await sleep(100);
    expect(smtp.received.length).toBe(before + 3);
  });

  it('logs the outage once per instance', async () => {
    const down = `[redis] ${redis.url} is unreachable`;
    const up = `[redis] ${redis.url} is reachable again`;
    for (const app of [a, b]) {
      // Going down and coming back are each logged once. A command that took over a second on a loaded machine
      // counts as an outage of its own, logged with its return before this one: so only the order is asked.
      const changes = (await app.outputShowing(down))
        .split('\n')
        .filter((line) => line.includes(down) || line.includes(up));
      expect(changes.at(-1)).toContain(down);
      expect(changes.at(-1)).toContain('503 SERVICE_UNAVAILABLE');
      changes.forEach((line, i) => expect(line, `change ${i}`).toContain(i % 2 === changes.length % 2 ? up : down));
    }
  });

  it('shares sessions again, by itself, when Redis is back', async () => {
    await redis.restart();
    let fresh = '';
    for (let i = 0; i < 50 && !fresh; i++) {
      const response = await mcpInitialize(a.url);
      await response.body?.cancel();
      if (response.status === 200) fresh = response.headers.get('mcp-session-id') ?? '';
      else await sleep(200);
    }
    expect(fresh).not.toBe('');
    let served = 0;
    for (let i = 0; i < 50 && served !== 200; i++) {
      served = (await mcpPost(b.url, rpc(2, 'tools/list'), fresh)).status;
      if (served !== 200) await sleep(200);
    }
    expect(served).toBe(200);
    // This test Redis keeps no data across a restart; the session lives on in its id all the same.
    const old = await mcpPost(b.url, rpc(3, 'tools/list'), session);
    expect(old.status).toBe(200);
    for (const app of [a, b])
      expect(await app.outputShowing(`[redis] ${redis.url} is reachable again`)).toContain(
        `[redis] ${redis.url} is reachable again`,
      );
  });

  it('serves sessions within about a second when Redis stops answering without closing connections', async () => {
    const live = await openSession(a.url);
    redis.freeze();
    try {
      expect((await within(2500, () => mcpPost(b.url, rpc(2, 'tools/list'), live))).status).toBe(200);
      // Known to be down now: the next ones do not wait for the time-out again, and pages never did.
      expect((await within(500, () => mcpPost(b.url, rpc(3, 'tools/list'), live))).status).toBe(200);
      await expectUnavailable(await within(500, () => mcpDelete(b.url, live)));
      expect((await within(2000, () => fetch(`${b.url}/`))).status).toBe(200);
    } finally {
      redis.thaw();
    }
    let ended = 0;
    for (let i = 0; i < 50 && ended !== 200; i++) {
      ended = (await mcpDelete(a.url, live)).status;
      if (ended !== 200) await sleep(200);
    }
    expect(ended).toBe(200);
    // B learns that Redis is back at its next probe; from then on the ended session is 404 there too.
    let afterEnd = 0;
    for (let i = 0; i < 50 && afterEnd !== 404; i++) {
      afterEnd = (await mcpPost(b.url, rpc(4, 'tools/list'), live)).status;
      if (afterEnd !== 404) await sleep(200);
    }
    expect(afterEnd).toBe(404);
  });
});

describe('an instance started while Redis is unreachable', () => {
  let app: RunningApp;
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-redis-'));
  beforeAll(async () => {
    app = await startApp({ REDIS_URL: await closedPortUrl(), OUTBOX_DIR: outbox });
  });
  afterAll(async () => {
    await app?.stop();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it('starts, says so, serves what needs no shared state, sessions included, and answers 503 for ending one', async () => {
    const unreachable = /\[redis\] redis:\/\/127\.0\.0\.1:\d+ is unreachable/;
    expect(await app.outputShowing(unreachable)).toMatch(unreachable);
    expect((await fetch(`${app.url}/api/agent`)).status).toBe(200);
    const session = await openSession(app.url);
    expect((await within(2000, () => mcpPost(app.url, rpc(2, 'tools/list'), session))).status).toBe(200);
    await expectUnavailable(await within(2000, () => mcpDelete(app.url, session)));
  });
});
