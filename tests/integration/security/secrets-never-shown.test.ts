import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RunningApp, startApp } from '../support/app';
import { startSmtpServer } from '../support/smtp';

/**
 * No secret in logs or responses. The SMTP password (and its base64 forms, as AUTH PLAIN and
 * AUTH LOGIN send it) must never appear in anything the app answers or prints, on success or on failure; nor
 * may the embedded inbox's generated password.
 */
const valid = { client_name: 'Sofia Lind', client_email: 'sofia@vectorbase.example', technology_sector: 'databases' };
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

/** Every form a password can take on the way to an SMTP server. */
function secretForms(user: string, pass: string): string[] {
  return [
    pass,
    Buffer.from(pass).toString('base64'),
    Buffer.from(`\0${user}\0${pass}`).toString('base64'),
    encodeURIComponent(pass),
  ];
}

/** Calls every kind of endpoint, good and bad, and returns everything that came back: status lines, headers, bodies. */
async function exerciseEverything(app: RunningApp): Promise<string> {
  const seen: string[] = [];
  const record = async (response: Response, label: string) => {
    seen.push(
      `${label} ${response.status}`,
      ...[...response.headers].map(([name, value]) => `${name}: ${value}`),
      await response.text(),
    );
  };
  const get = async (pathname: string, headers: Record<string, string> = {}) =>
    record(await fetch(`${app.url}${pathname}`, { headers }), pathname);
  const post = async (
    pathname: string,
    body: string,
    headers: Record<string, string> = { 'Content-Type': 'application/json' },
  ) => record(await fetch(`${app.url}${pathname}`, { method: 'POST', headers, body }), pathname);

  const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
  for (const [, loc = ''] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    await get(new URL(loc).pathname);
    await get(new URL(loc).pathname, { Accept: 'text/markdown' });
  }
  for (const pathname of [
    '/llms.txt',
    '/llms-full.txt',
    '/openapi.json',
    '/mcp.json',
    '/robots.txt',
    '/.well-known/api-catalog',
    '/api/agent',
    '/api/mcp',
  ]) {
    await get(pathname);
  }
  for (const name of ['bio', 'case-studies', 'engagements', 'contact-card', 'nope']) {
    await get(`/api/agent/resources/${name}`);
    await get(`/api/agent/resources/${name}`, { Accept: 'text/markdown, text/vcard' });
  }
  // Files that must never be served, however asked for.
  for (const pathname of [
    '/.env',
    '/.env.local',
    '/.env.production',
    '/next.config.ts',
    '/package.json',
    '/lib/config/env.ts',
    '/.next/required-server-files.json',
    '/_next/../.env',
    '/%2e%2e/.env',
  ]) {
    await get(pathname);
  }
  await post(
    '/api/agent/tools/evaluate-client-needs',
    JSON.stringify({ challenges: 'rebrand', technology_sector: 'saas' }),
  );
  await post('/api/agent/tools/schedule-consultation', JSON.stringify(valid));
  await post('/api/agent/tools/schedule-consultation', '{"client_name":');
  await post('/api/agent/tools/schedule-consultation', JSON.stringify({ client_name: 'x' }));
  await post('/api/agent/tools/nope', '{}');
  const initialize = await fetch(`${app.url}/api/mcp`, {
    method: 'POST',
    headers: MCP_HEADERS,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });
  const session = initialize.headers.get('mcp-session-id') ?? '';
  await record(initialize, 'initialize');
  const mcpHeaders = { ...MCP_HEADERS, 'Mcp-Session-Id': session };
  const messages = [
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'schedule_consultation', arguments: valid } },
    {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'schedule_consultation', arguments: { client_name: 'x' } },
    },
    { jsonrpc: '2.0', id: 4, method: 'resources/read', params: { uri: 'consultancy://resources/contact-card' } },
    { jsonrpc: '2.0', id: 5, method: 'prompts/get', params: { name: 'draft_consultation_request', arguments: {} } },
  ];
  for (const message of messages) await post('/api/mcp', JSON.stringify(message), mcpHeaders);
  return seen.join('\n');
}

function expectNoSecret(text: string, forms: string[], where: string): void {
  for (const form of forms)
    expect(text.includes(form), `${where} contains a form of the password (${form.length} characters)`).toBe(false);
}

describe('the SMTP password', () => {
  it('never appears in any response or in the server output, on success', async () => {
    const smtp = await startSmtpServer();
    const app = await startApp(smtp.env());
    try {
      const seen = await exerciseEverything(app);
      // The exercise did reach the mail server, with the password.
      expect(smtp.received.length).toBe(2);
      expect(seen.length).toBeGreaterThan(100_000);
      expectNoSecret(seen, secretForms(smtp.user, smtp.pass), 'a response');
      expectNoSecret(app.output(), secretForms(smtp.user, smtp.pass), 'the server output');
    } finally {
      await app.stop();
      await smtp.close();
    }
  }, 60_000);

  it('never appears when the server refuses it either', async () => {
    const smtp = await startSmtpServer();
    const wrong = `wrong-${Math.random().toString(36).slice(2)}-password`;
    const app = await startApp(smtp.env({ SMTP_PASS: wrong }));
    try {
      const response = await fetch(`${app.url}/api/agent/tools/schedule-consultation`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(valid),
      });
      expect(response.status).toBe(502);
      const body = await response.text();
      expect(body).toContain("refused the site's credentials");
      expect(smtp.authAttempts).toBeGreaterThan(0);
      expect(await app.outputShowing('[mail] delivery failed')).toContain('[mail] delivery failed');
      expectNoSecret(`${[...response.headers].join('\n')}\n${body}`, secretForms(smtp.user, wrong), 'the 502 response');
      expectNoSecret(app.output(), secretForms(smtp.user, wrong), 'the server output');
    } finally {
      await app.stop();
      await smtp.close();
    }
  });
});

describe('the embedded inbox password', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('never leaves the process: not in its log lines, the tool answer or the saved mail', async () => {
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-outbox-'));
    // This process's configuration is read on first use: no SMTP server, so the embedded inbox is used.
    for (const name of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASS', 'MAIL_TO', 'MAIL_FROM'])
      vi.stubEnv(name, undefined);
    vi.stubEnv('OUTBOX_DIR', outbox);
    const printed: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        printed.push(
          args
            .map((arg) =>
              arg instanceof Error
                ? `${arg.message}\n${arg.stack}`
                : typeof arg === 'string'
                  ? arg
                  : JSON.stringify(arg),
            )
            .join(' '),
        );
      });
    }
    // Fresh modules: a worker runs several files, and the configuration must be read now, as stubbed above.
    vi.resetModules();
    const { embeddedInbox } = await import('@/lib/mail/embedded-inbox');
    const { scheduleConsultationTool } = await import('@/lib/agent/tools');
    const inbox = await embeddedInbox(outbox);
    const answer = await scheduleConsultationTool.run(valid, {
      origin: 'http://localhost',
      requestId: 'secret-test',
      consume: async () => {},
      channel: { kind: 'form' },
      client: '127.0.0.1',
    });
    expect(answer.success).toBe(true);
    expect(answer.message).not.toMatch(/captured|outbox/i);
    const saved = fs.readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(saved).toHaveLength(1);
    expect(printed.join('\n')).toContain('embedded SMTP inbox');
    const forms = secretForms(inbox.user, inbox.pass);
    expect(inbox.pass.length).toBeGreaterThanOrEqual(32);
    expectNoSecret(printed.join('\n'), forms, 'the log');
    expectNoSecret(JSON.stringify(answer), forms, 'the tool answer');
    expectNoSecret(fs.readFileSync(path.join(outbox, saved[0] ?? ''), 'utf8'), forms, 'the saved mail');
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it('is not printed by the built app: its output and API answers hold no token of its form', async () => {
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-outbox-'));
    const app = await startApp({ OUTBOX_DIR: outbox });
    try {
      const seen = await exerciseEverything(app);
      expect(fs.readdirSync(outbox).filter((name) => name.endsWith('.eml'))).toHaveLength(2);
      // The password is 24 random bytes in base64url: a token of exactly 32 such characters.
      const token = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])/;
      expect(app.output()).not.toMatch(token);
      const apiAnswers = seen.split('\n').filter((line) => line.startsWith('{') && line.includes('"success"'));
      expect(apiAnswers.length).toBeGreaterThan(0);
      for (const line of apiAnswers) expect(line).not.toMatch(token);
    } finally {
      await app.stop();
      fs.rmSync(outbox, { recursive: true, force: true });
    }
  }, 60_000);
});
