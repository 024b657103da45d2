import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../support/app';
import { startAppWithMail, stopAppWithMail } from '../support/app-with-mail';
import { postContactForm } from '../support/contact-form';
import { type ReceivedMail, type TestSmtpServer, startSmtpServer } from '../support/smtp';

/**
 * A requester's name and sector that look like RFC 2047 encoded words reach the consultant's mail as typed: the
 * Subject and the Reply-To name, read by mailparser from what a real SMTP server received, are exactly the text
 * sent, through REST, MCP (the official v2 client over HTTP) and the contact form.
 */
let smtp: TestSmtpServer;
let app: RunningApp;

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail(startSmtpServer));
});
afterAll(() => stopAppWithMail(app, smtp));

const TYPED: [label: string, name: string, sector: string][] = [
  ['a B-encoded subject', '=?UTF-8?B?VVJHRU5UOiBpbnZvaWNlIG92ZXJkdWU=?=', 'fintech'],
  ['a Q-encoded line break and header', 'Eve =?UTF-8?Q?x=0D=0ABcc:_victim@example.com?=', '=?utf-8?q?a=0Ab?='],
  ['another charset beside non-ASCII text', 'Zoë =?ISO-8859-1?Q?Andr=E9?= 🚀', 'climate tech'],
];

/** Runs `send`, expects exactly one new mail, and returns it. */
async function oneMailFrom(send: () => Promise<void>): Promise<ReceivedMail> {
  const before = smtp.received.length;
  await send();
  expect(smtp.received.length).toBe(before + 1);
  const mail = smtp.received[before];
  if (!mail) throw new Error('no mail received');
  return mail;
}

/** The mail a schedule_consultation call over REST becomes. */
function mailOverRest(name: string, email: string, sector: string): Promise<ReceivedMail> {
  return oneMailFrom(async () => {
    const response = await fetch(`${app.url}/api/agent/tools/schedule-consultation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: name, client_email: email, technology_sector: sector }),
    });
    expect(response.status).toBe(200);
  });
}

function expectTypedHeaders(mail: ReceivedMail, name: string, sector: string, email: string): void {
  expect(mail.parsed.subject).toMatch(
    new RegExp(`^${escapeRegExp(`Consultation request from ${name} (${sector})`)} \\[ref \\d{6}-[0-9A-Z]{6}\\]$`),
  );
  expect(mail.parsed.replyTo?.value).toEqual([{ address: email, name }]);
  expect(mail.parsed.headers.has('bcc')).toBe(false);
  expect(mail.envelope.to).toEqual(['inbox@consultant.test']);
}

describe.each(TYPED)('%s', (_label, name, sector) => {
  it('through REST', async () => {
    const email = 'rest@requester.example';
    expectTypedHeaders(await mailOverRest(name, email, sector), name, sector, email);
  });

  it('through MCP (tools/call schedule_consultation)', async () => {
    const email = 'mcp@requester.example';
    const client = new Client({ name: 'mail-header-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`)));
    try {
      const mail = await oneMailFrom(async () => {
        const result = z.object({ isError: z.boolean().optional() }).parse(
          await client.callTool({
            name: 'schedule_consultation',
            arguments: { client_name: name, client_email: email, technology_sector: sector },
          }),
        );
        expect(result.isError ?? false).toBe(false);
      });
      expectTypedHeaders(mail, name, sector, email);
    } finally {
      await client.close();
    }
  });

  it('through the contact form', async () => {
    const email = 'form@requester.example';
    const mail = await oneMailFrom(async () => {
      const response = await postContactForm(app.url, {
        client_name: name,
        client_email: email,
        technology_sector: sector,
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Request sent');
    });
    expectTypedHeaders(mail, name, sector, email);
  });
});

describe('direction and invisible format characters', () => {
  it('never reach the Subject or the Reply-To name, where they could reorder the reference', async () => {
    const email = 'bidi@requester.example';
    const name = 'Ada \u202E]fer[ \u2066Lovelace\u2069\u200B';
    const sector = 'fin\u200Ftech\u00AD\u2060';
    const mail = await mailOverRest(name, email, sector);
    expectTypedHeaders(mail, 'Ada ]fer[ Lovelace', 'fintech', email);
    // The requester's text is kept as typed inside the untrusted block, where each field is a line of its own.
    expect(String(mail.parsed.text)).toContain(`Name: ${name}`);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
