import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { mailTriage } from '@/lib/agent/triage';
import { suggestEngagement } from '@/lib/agent/evaluate';
import { loadContent } from '@/lib/content';
import { composeConsultationMail } from '@/lib/mail/compose';
import { literalHeaderText } from '@/lib/mail/literal-header-text';

const { engagements } = loadContent();

/** The mail for a request with this name and sector, written by nodemailer and read back by mailparser. */
async function sentAndRead(clientName: string, sector?: string) {
  const request = {
    client_name: clientName,
    client_email: 'eve@attacker.example',
    ...(sector ? { technology_sector: sector } : {}),
  };
  const options = composeConsultationMail(request, {
    from: 'Website <site@consultant.test>',
    to: 'inbox@consultant.test',
    siteName: 'Plainword',
    reference: '261123-7K2M9X',
    ...mailTriage({ kind: 'rest' }, suggestEngagement(engagements, request)),
  });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await transport.sendMail(options);
  const raw = Buffer.isBuffer(info.message) ? info.message.toString('utf8') : '';
  return { raw, parsed: await simpleParser(raw) };
}

const HOSTILE_NAMES = [
  '=?UTF-8?B?VVJHRU5UOiBpbnZvaWNlIG92ZXJkdWU=?=',
  '=?utf-8?q?URGENT:_invoice_overdue?=',
  'Eve =?UTF-8?Q?a=0D=0ABcc:_victim@example.com?= Smith',
  '=?ISO-8859-1?Q?Andr=E9?=',
  'Zoë =?UTF-8?B?SGk=?= 日本語 🚀',
  '=?UTF-8?B?' + 'QUFB'.repeat(25) + '?=',
  '"=?UTF-8?B?SGk=?=" <boss@example.com>',
  'a=?b',
];

describe("the requester's text in the subject and Reply-To reads exactly as typed", () => {
  it.each(HOSTILE_NAMES)('name %s', async (name) => {
    const { raw, parsed } = await sentAndRead(name);
    expect(parsed.subject).toBe(`Consultation request from ${name} [ref 261123-7K2M9X]`);
    expect(parsed.replyTo?.value).toEqual([{ address: 'eve@attacker.example', name }]);
    expect(parsed.headers.has('bcc')).toBe(false);
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    for (const line of head.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
  });

  it('an encoded word in the sector too', async () => {
    const sector = '=?UTF-8?B?VVJHRU5U?=';
    const { parsed } = await sentAndRead('Ada =?x?q?y?=', sector);
    expect(parsed.subject).toBe(`Consultation request from Ada =?x?q?y?= (${sector}) [ref 261123-7K2M9X]`);
  });

  it('ordinary text, ASCII or not, is left to nodemailer as before', async () => {
    expect(literalHeaderText('Priya Raman')).toBe('Priya Raman');
    expect(literalHeaderText('Zoë Ødegård')).toBe('Zoë Ødegård');
    const { raw, parsed } = await sentAndRead('Priya Raman', 'fintech');
    expect(raw).toContain('Subject: Consultation request from Priya Raman (fintech)');
    expect(parsed.replyTo?.value).toEqual([{ address: 'eve@attacker.example', name: 'Priya Raman' }]);
  });

  it('encoded words stay within 75 characters and never split a character', () => {
    const text = `=?${'é🚀a'.repeat(40)}`;
    const words = literalHeaderText(text).split(' ');
    for (const word of words) {
      expect(word.length).toBeLessThanOrEqual(75);
      const base64 = /^=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=$/.exec(word)?.[1] ?? '';
      expect(Buffer.from(base64, 'base64').toString('utf8')).not.toContain('\ufffd');
    }
    expect(words.map((word) => Buffer.from(word.slice(10, -2), 'base64').toString('utf8')).join('')).toBe(text);
  });
});
