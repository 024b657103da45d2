import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../support/app';
import { startAppWithMail, stopAppWithMail } from '../support/app-with-mail';
import { type FaultySmtpServer, type SmtpMode, startFaultySmtpServer } from '../support/faulty-smtp';

/**
 * Mail faults beyond those of schedule-mail.test.ts. One app talks to one real smtp-server that
 * misbehaves on purpose, fault after fault; after each, the same app must send a good request at once. Every
 * failing call must answer 502 with the envelope once the mail time-out has passed, claim nothing, and open exactly
 * one connection (no retry behind the caller's back, so never a second mail). The app is given a short time-out
 * (SMTP_TIMEOUT_MS) so that the stalls cost seconds, not the default ten each.
 */
const SMTP_TIMEOUT_MS = 2_000;
/** How long past its time-out a failing call may take to answer on a busy test machine. */
const ANSWER_MARGIN_MS = 3_000;
const SCHEDULE = '/api/agent/tools/schedule-consultation';
const valid = { client_name: 'Ada Quinn', client_email: 'ada@quanta.example', technology_sector: 'quantum computing' };
const schedule = (app: RunningApp) =>
  fetch(`${app.url}${SCHEDULE}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(valid),
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mail faults against one running app', () => {
  let smtp: FaultySmtpServer;
  let app: RunningApp;

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail(startFaultySmtpServer, { SMTP_TIMEOUT_MS: String(SMTP_TIMEOUT_MS) }));
  });
  afterAll(() => stopAppWithMail(app, smtp));

  async function expectGoodRequestWorks(): Promise<void> {
    smtp.mode = 'ok';
    const accepted = smtp.accepted;
    const response = await schedule(app);
    expect(response.status).toBe(200);
    expect((await response.json()).success).toBe(true);
    expect(smtp.accepted).toBe(accepted + 1);
  }

  it.each<[SmtpMode, RegExp, number]>([
    ['drop-during-data', /could not be reached|did not accept|did not answer/, 0],
    ['refuse-data', /did not accept the message/, 1],
    ['stall-after-auth', /did not answer in time/, 0],
    ['stall-after-data', /did not answer in time/, 1],
  ])(
    '%s: 502 MAIL_DELIVERY_FAILED within the time-out, one connection, no mail, and the next good request is sent',
    async (mode, reason, transfers) => {
      smtp.mode = mode;
      const before = { connections: smtp.connections, transfers: smtp.dataTransfers, accepted: smtp.accepted };
      const started = Date.now();
      const pending = schedule(app);
      // While the mail server keeps the request waiting, the app keeps serving others at once.
      await sleep(300);
      const healthStarted = Date.now();
      expect((await fetch(`${app.url}/api/agent`)).status).toBe(200);
      expect(Date.now() - healthStarted).toBeLessThan(1000);
      const response = await pending;
      const elapsed = Date.now() - started;
      expect(response.status).toBe(502);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = await response.json();
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error.code).toBe('MAIL_DELIVERY_FAILED');
      expect(body.error.message).toMatch(reason);
      expect(body.error.message).toContain('Nothing was sent');
      expect(typeof body.error.resolution).toBe('string');
      expect(elapsed).toBeLessThan(SMTP_TIMEOUT_MS + ANSWER_MARGIN_MS);
      // No retry behind the caller's back, now or a little later: exactly one connection and one transfer at most.
      await sleep(1500);
      expect(smtp.connections - before.connections).toBe(1);
      expect(smtp.dataTransfers - before.transfers).toBe(transfers);
      expect(smtp.accepted).toBe(before.accepted);
      await expectGoodRequestWorks();
    },
    30_000,
  );

  it('logs exactly one line per failed delivery', () => {
    const lines = app
      .output()
      .split('\n')
      .filter((line) => line.includes('[mail] delivery failed'));
    expect(lines.length).toBe(4);
  });
});

describe('TLS mismatches', () => {
  /** An implicit-TLS SMTP server (port-465 style) with smtp-server's own certificate, which no client trusts. */
  async function startTlsServer(): Promise<{ port: number; auths: number; mails: number; close(): Promise<void> }> {
    const state = { auths: 0, mails: 0 };
    const server = new SMTPServer({
      secure: true,
      logger: false,
      authMethods: ['PLAIN', 'LOGIN'],
      onAuth(_auth, _session, callback) {
        state.auths += 1;
        callback(null, { user: 'site' });
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          state.mails += 1;
          callback();
        });
      },
    });
    // The refused handshakes are the point of the test; smtp-server reports each as an error event.
    server.on('error', () => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.server.address();
    return {
      port: typeof address === 'object' && address ? address.port : 0,
      get auths() {
        return state.auths;
      },
      get mails() {
        return state.mails;
      },
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }

  it.each([
    [
      'implicit TLS to a server whose certificate is not trusted',
      'true',
      /a secure connection to the mail server could not be made/,
    ],
    [
      'plain SMTP to a server that speaks only TLS',
      'false',
      /did not answer in time|could not be reached|a secure connection/,
    ],
  ])(
    '%s: 502 within the time-out, credentials never sent, no mail',
    async (_label, secure, reason) => {
      const tls = await startTlsServer();
      const app = await startApp({
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(tls.port),
        SMTP_USER: 'site',
        SMTP_PASS: 'tls-secret',
        SMTP_SECURE: secure,
        SMTP_TIMEOUT_MS: String(SMTP_TIMEOUT_MS),
      });
      try {
        const started = Date.now();
        const response = await schedule(app);
        expect(response.status).toBe(502);
        const { error } = await response.json();
        expect(error.code).toBe('MAIL_DELIVERY_FAILED');
        expect(error.message).toMatch(reason);
        expect(Date.now() - started).toBeLessThan(SMTP_TIMEOUT_MS + ANSWER_MARGIN_MS);
        expect(tls.auths).toBe(0);
        expect(tls.mails).toBe(0);
        expect((await fetch(`${app.url}/api/agent`)).status).toBe(200);
      } finally {
        await app.stop();
        await tls.close();
      }
    },
    30_000,
  );
});
