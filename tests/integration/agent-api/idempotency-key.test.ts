import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningApp } from '../support/app';
import { startAppWithMail, stopAppWithMail } from '../support/app-with-mail';
import { type FaultySmtpServer, startFaultySmtpServer } from '../support/faulty-smtp';

/**
 * Schedule_consultation honours Idempotency-Key, so an agent that retries after a time-out never
 * mails the consultant twice. Against the built app and a real smtp-server that counts what it accepts.
 */
const SCHEDULE = '/api/agent/tools/schedule-consultation';
const EVALUATE = '/api/agent/tools/evaluate-client-needs';
const body = { client_name: 'Noor Haddad', client_email: 'noor@meshline.example', technology_sector: 'networking' };

describe('Idempotency-Key on schedule_consultation', () => {
  let smtp: FaultySmtpServer;
  let app: RunningApp;

  const post = (path: string, payload: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(payload),
      signal,
    });

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail(startFaultySmtpServer, { SCHEDULE_LIMIT_PER_HOUR: '50' }));
  });
  afterAll(() => stopAppWithMail(app, smtp));
  beforeEach(() => {
    smtp.mode = 'ok';
  });

  it('a repeat with the same key returns the first answer, marked as replayed, and sends no second mail', async () => {
    const key = randomUUID();
    const accepted = smtp.accepted;
    const first = await post(SCHEDULE, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBe('false');
    const firstBody = await first.text();
    expect(JSON.parse(firstBody).success).toBe(true);
    for (let i = 0; i < 3; i += 1) {
      // The same request, with its keys in another order: the same validated input.
      const again = await post(
        SCHEDULE,
        { technology_sector: 'networking', client_email: 'noor@meshline.example', client_name: 'Noor Haddad' },
        { 'Idempotency-Key': key },
      );
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('cache-control')).toBe('no-store');
      expect(await again.text()).toBe(firstBody);
    }
    expect(smtp.accepted).toBe(accepted + 1);
  });

  it('replays do not count against the mail quota', async () => {
    const key = randomUUID();
    const first = await post(SCHEDULE, body, { 'Idempotency-Key': key });
    const remaining = first.headers.get('ratelimit-remaining');
    const replay = await post(SCHEDULE, body, { 'Idempotency-Key': key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    // The replay is counted by the general quota only, which is far from its limit in tests.
    expect(Number(replay.headers.get('ratelimit-remaining'))).toBeGreaterThan(Number(remaining));
  });

  it('the same key with a different body is 422 IDEMPOTENCY_KEY_REUSED with the envelope, and sends nothing', async () => {
    const key = randomUUID();
    expect((await post(SCHEDULE, body, { 'Idempotency-Key': key })).status).toBe(200);
    const accepted = smtp.accepted;
    const reused = await post(SCHEDULE, { ...body, preferred_time: 'Friday' }, { 'Idempotency-Key': key });
    expect(reused.status).toBe(422);
    expect(reused.headers.get('cache-control')).toBe('no-store');
    const { error } = await reused.json();
    expect(error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(error.message).toContain('different request body');
    expect(error.resolution).toMatch(/new key/);
    expect(smtp.accepted).toBe(accepted);
  });

  it('an agent that times out and retries with the same key gets 409 while the first runs, then the first answer: one mail', async () => {
    smtp.mode = 'slow';
    smtp.delayMs = 2500;
    const key = randomUUID();
    const accepted = smtp.accepted;
    // The agent gives up after 500 ms; the server carries on and delivers.
    const abandoned = post(SCHEDULE, body, { 'Idempotency-Key': key }, AbortSignal.timeout(500));
    await expect(abandoned).rejects.toThrow();
    const during = await post(SCHEDULE, body, { 'Idempotency-Key': key });
    expect(during.status).toBe(409);
    expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await during.json()).error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    // Bounded wait for the first to finish.
    const deadline = Date.now() + 10_000;
    while (smtp.accepted === accepted && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await post(SCHEDULE, body, { 'Idempotency-Key': key });
    expect(after.status).toBe(200);
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect((await after.json()).success).toBe(true);
    expect(smtp.accepted).toBe(accepted + 1);
    expect(smtp.dataTransfers - smtp.accepted).toBeLessThanOrEqual(0);
  }, 20_000);

  it('concurrent requests with one key: exactly one runs, the others get 409, and one mail is sent', async () => {
    smtp.mode = 'slow';
    smtp.delayMs = 800;
    const key = randomUUID();
    const accepted = smtp.accepted;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => post(SCHEDULE, body, { 'Idempotency-Key': key })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(smtp.accepted).toBe(accepted + 1);
  });

  it('a failure is not remembered: the retry with the same key runs again and is delivered once', async () => {
    const key = randomUUID();
    smtp.mode = 'refuse-data';
    const accepted = smtp.accepted;
    const failed = await post(SCHEDULE, body, { 'Idempotency-Key': key });
    expect(failed.status).toBe(502);
    expect((await failed.json()).error.code).toBe('MAIL_DELIVERY_FAILED');
    smtp.mode = 'ok';
    const retried = await post(SCHEDULE, body, { 'Idempotency-Key': key });
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe('false');
    expect(smtp.accepted).toBe(accepted + 1);
    // A body refused as invalid claims nothing: the key is still free for the corrected body.
    const invalidKey = randomUUID();
    expect((await post(SCHEDULE, { client_name: 'x' }, { 'Idempotency-Key': invalidKey })).status).toBe(400);
    expect((await post(SCHEDULE, body, { 'Idempotency-Key': invalidKey })).status).toBe(200);
    expect(smtp.accepted).toBe(accepted + 2);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['not ASCII', 'clé'],
  ])('a key that is %s is 400 INVALID_IDEMPOTENCY_KEY, and nothing is sent', async (_label, key) => {
    const accepted = smtp.accepted;
    const response = await fetch(`${app.url}${SCHEDULE}`, {
      method: 'POST',
      headers: [
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', Buffer.from(key, 'utf8').toString('latin1')],
      ],
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('INVALID_IDEMPOTENCY_KEY');
    expect(error.message).toContain('Idempotency-Key');
    expect(smtp.accepted).toBe(accepted);
  });

  it('without a key, each call sends its own mail (unchanged), and evaluate_client_needs ignores the header', async () => {
    const accepted = smtp.accepted;
    expect((await post(SCHEDULE, body)).status).toBe(200);
    expect((await post(SCHEDULE, body)).status).toBe(200);
    expect(smtp.accepted).toBe(accepted + 2);
    const evaluated = await post(
      EVALUATE,
      { challenges: 'pitch deck', technology_sector: 'saas' },
      { 'Idempotency-Key': '' },
    );
    expect(evaluated.status).toBe(200);
    expect(evaluated.headers.get('idempotent-replayed')).toBeNull();
  });

  it('is described in OpenAPI on the side-effecting tool only, and allowed and exposed by CORS', async () => {
    const document = await (await fetch(`${app.url}/openapi.json`)).json();
    const operation = document.paths[SCHEDULE].post;
    expect(operation.parameters).toEqual([
      expect.objectContaining({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: expect.objectContaining({ maxLength: 255 }),
      }),
    ]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['409', '422', '502']));
    expect(operation.responses['200'].headers).toHaveProperty('Idempotent-Replayed');
    expect(document.paths[EVALUATE].post.parameters).toBeUndefined();
    const preflight = await fetch(`${app.url}${SCHEDULE}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://agent.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, idempotency-key',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Idempotency-Key/);
    const response = await post(SCHEDULE, { client_name: '' });
    expect(response.headers.get('access-control-expose-headers')).toMatch(/Idempotent-Replayed/);
  });
});
