import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../lib/content';
import { type RunningApp, startApp } from '../support/app';
import { startAppWithMail, stopAppWithMail } from '../support/app-with-mail';
import { type TestSmtpServer, startSilentServer, startSmtpServer } from '../support/smtp';

const content = loadContent();
const SCHEDULE = '/api/agent/tools/schedule-consultation';
const EVALUATE = '/api/agent/tools/evaluate-client-needs';

const postJson = (app: RunningApp, pathname: string, body: unknown) =>
  fetch(`${app.url}${pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const valid = {
  client_name: 'Priya Raman',
  client_email: 'priya@ledgerline.example',
  preferred_time: 'Tuesday or Thursday afternoon, CET',
  project_context: 'We build reconciliation software for banks.\nOur Series B deck is not landing.',
  technology_sector: 'fintech',
};

describe('schedule_consultation over authenticated SMTP', () => {
  let smtp: TestSmtpServer;
  let app: RunningApp;

  beforeAll(async () => {
    ({ app, smtp } = await startAppWithMail(startSmtpServer));
  });
  afterAll(() => stopAppWithMail(app, smtp));

  it('sends exactly one mail per accepted call, and answers 200 only after the server accepted it', async () => {
    const before = smtp.received.length;
    const response = await postJson(app, SCHEDULE, valid);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.success).toBe(true);
    expect(body.message).toContain('within 24 hours');
    expect(body.message).toMatch(/No time slot has been reserved/);
    expect(body.message).not.toMatch(/captured locally/);
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.authAttempts).toBeGreaterThan(0);
  });

  it('writes a clear subject, Reply-To the client, and every field in the text and HTML bodies', async () => {
    const before = smtp.received.length;
    await postJson(app, SCHEDULE, valid);
    const mail = smtp.received[before];
    expect(mail).toBeDefined();
    if (!mail) return;
    expect(mail.envelope.to).toEqual(['inbox@consultant.test']);
    expect(mail.parsed.subject).toMatch(
      /^Consultation request from Priya Raman \(fintech\) \[ref \d{6}-[0-9A-Z]{6}\]$/,
    );
    expect(mail.parsed.replyTo?.value).toEqual([{ address: 'priya@ledgerline.example', name: 'Priya Raman' }]);
    expect(mail.parsed.from?.value[0]?.address).toBe('website@consultant.test');
    for (const value of Object.values(valid)) {
      for (const line of value.split('\n')) {
        expect(mail.parsed.text).toContain(line);
        expect(mail.parsed.html || '').toContain(line);
      }
    }
  });

  it('carries one id, the reference the caller was given, and its text as 8bit UTF-8 the server was told of', async () => {
    const before = smtp.received.length;
    const words = 'Zoë’s rebrand — before the launch in Malmö.';
    const response = await postJson(app, SCHEDULE, { ...valid, project_context: words });
    const { reference } = await response.json();
    const mail = smtp.received[before];
    expect(mail?.parsed.subject).toContain(`[ref ${reference}]`);
    expect(mail?.parsed.text).toContain(`Reference: ${reference}`);
    expect(mail?.parsed.headers.get('x-consultation-reference')).toBe(reference);
    expect(mail?.raw).not.toMatch(/request[- ]id/i);
    // The body as written, readable where the mail is kept as a file; declared in MAIL FROM (RFC 6152).
    expect(mail?.envelope.body).toBe('8BITMIME');
    expect(mail?.raw).toContain(words);
    expect(mail?.raw).not.toMatch(/quoted-printable|base64/i);
    expect(mail?.parsed.text).toContain(words);
    expect(mail?.parsed.html).toContain(words);
  });

  it('HTML-escapes every field and lets no field become a header', async () => {
    const before = smtp.received.length;
    const hostile = {
      client_name: 'Eve <script>alert(1)</script>',
      client_email: 'eve@attacker.example',
      project_context:
        'Hi\r\nBcc: victim@example.com\r\n\r\n.\r\nRCPT TO:<victim@example.com>\r\n<img src=x onerror=alert(1)>',
      preferred_time: '"><b>now</b>',
    };
    const response = await postJson(app, SCHEDULE, hostile);
    expect(response.status).toBe(200);
    const mail = smtp.received[before];
    expect(mail).toBeDefined();
    if (!mail) return;
    expect(smtp.received.length).toBe(before + 1);
    expect(mail.envelope.to).toEqual(['inbox@consultant.test']);
    expect(mail.parsed.bcc).toBeUndefined();
    expect(mail.parsed.headers.has('bcc')).toBe(false);
    const html = mail.parsed.html || '';
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>now</b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const headerBlock = mail.raw.split(/\r?\n\r?\n/)[0] ?? '';
    expect(headerBlock).not.toMatch(/^Bcc:/im);
    expect(headerBlock).not.toMatch(/^RCPT TO/im);
  });

  it.each([
    ['a line break in the name', { ...valid, client_name: 'Mallory\r\nBcc: victim@example.com' }, 'client_name'],
    ['a line break in the sector', { ...valid, technology_sector: 'saas\nX-Injected: 1' }, 'technology_sector'],
    ['a header in the email', { ...valid, client_email: 'a@b.example\r\nBcc: victim@example.com' }, 'client_email'],
    ['a missing email', { client_name: 'Ann' }, 'client_email'],
    ['an unknown field', { ...valid, phone: '+1 555' }, 'phone'],
  ])('refuses %s with 400 naming the field, and sends nothing', async (_label, body, field) => {
    const before = smtp.received.length;
    const response = await postJson(app, SCHEDULE, body);
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain(field);
    expect(smtp.received.length).toBe(before);
  });

  it('names each bad field at once', async () => {
    const response = await postJson(app, SCHEDULE, {
      client_name: '',
      client_email: 'not-an-email',
      preferred_time: 7,
    });
    const { error } = await response.json();
    expect(response.status).toBe(400);
    expect(error.message).toContain('client_name must not be empty');
    expect(error.message).toContain('client_email must be an email address');
    expect(error.message).toContain('preferred_time must be a string, not number');
  });

  it('evaluate_client_needs sends no mail, whatever it is asked', async () => {
    const before = smtp.received.length;
    for (const challenges of ['we need a rebrand', 'investor pitch deck', 'schedule a consultation with me please']) {
      const response = await postJson(app, EVALUATE, { challenges, technology_sector: 'saas' });
      expect(response.status).toBe(200);
    }
    expect(smtp.received.length).toBe(before);
  });
});

describe('mail transport failures give 502 with the envelope and claim nothing', () => {
  async function expectDeliveryFailure(app: RunningApp, reason: RegExp): Promise<number> {
    const started = Date.now();
    const response = await postJson(app, SCHEDULE, valid);
    const elapsed = Date.now() - started;
    expect(response.status).toBe(502);
    const body = await response.json();
    expect(body).not.toHaveProperty('success');
    expect(body.error.code).toBe('MAIL_DELIVERY_FAILED');
    expect(body.error.message).toMatch(reason);
    expect(body.error.message).toContain('Nothing was sent');
    expect(body.error.resolution).toContain(content.bio.email);
    expect(elapsed).toBeLessThan(16_000);
    // The app stays healthy after the failure.
    expect((await fetch(`${app.url}/api/agent`)).status).toBe(200);
    return elapsed;
  }

  it('connection refused', async () => {
    const smtp = await startSmtpServer();
    const env = smtp.env();
    await smtp.close();
    const app = await startApp(env);
    try {
      await expectDeliveryFailure(app, /could not be reached/);
    } finally {
      await app.stop();
    }
  });

  it('authentication refused', async () => {
    const smtp = await startSmtpServer();
    const app = await startApp(smtp.env({ SMTP_PASS: 'wrong-password' }));
    try {
      await expectDeliveryFailure(app, /refused the site's credentials/);
      expect(smtp.received).toHaveLength(0);
      expect(smtp.authAttempts).toBeGreaterThan(0);
    } finally {
      await app.stop();
      await smtp.close();
    }
  });

  it('recipient rejected', async () => {
    const smtp = await startSmtpServer({ rejectRecipients: true });
    const app = await startApp(smtp.env());
    try {
      await expectDeliveryFailure(app, /rejected the recipient/);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await app.stop();
      await smtp.close();
    }
  });

  it('a server that accepts the connection and never answers', async () => {
    const silent = await startSilentServer();
    const app = await startApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(silent.port),
      SMTP_USER: 'site',
      SMTP_PASS: 'secret',
    });
    try {
      // The start-up's check of the mail server has given up on it first (its own connection, its own line).
      expect(await app.outputShowing('cannot be used', 15_000)).toContain('the mail server did not answer in time');
      const before = silent.connections;
      const elapsed = await expectDeliveryFailure(app, /did not answer in time/);
      expect(silent.connections).toBe(before + 1);
      expect(elapsed).toBeGreaterThan(1000);
    } finally {
      await app.stop();
      await silent.close();
    }
  }, 30_000);

  it('implicit TLS (SMTP_SECURE=true) against a plain server', async () => {
    const smtp = await startSmtpServer();
    const app = await startApp(smtp.env({ SMTP_SECURE: 'true' }));
    try {
      await expectDeliveryFailure(app, /secure connection|could not be reached|did not answer/);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await app.stop();
      await smtp.close();
    }
  }, 30_000);
});
