import { describe, expect, it } from 'vitest';
import { describeIdentity, mailTriage } from '@/lib/agent/triage';
import { suggestEngagement } from '@/lib/agent/evaluate';
import { loadContent } from '@/lib/content';
import { composeConsultationMail } from '@/lib/mail/compose';

const { engagements } = loadContent();
const request = { client_name: 'Ada', client_email: 'ada@example.test', project_context: 'A rebrand.' };
const envelope = { from: 'a@site.test', to: 'b@site.test', siteName: 'Plainword', reference: 'ref' };

const mailText = (identity: Parameters<typeof mailTriage>[2]) =>
  String(
    composeConsultationMail(request, {
      ...envelope,
      ...mailTriage({ kind: 'rest' }, suggestEngagement(engagements, request), identity),
    }).text,
  );

describe("the mail's identity line", () => {
  it('says the sender proved who it is and whose keys checked it, among the lines the site itself writes', () => {
    const signature = { id: 'k\nc2ln', expiresAt: Date.now() + 60_000 };
    const text = mailText({ verified: true, signer: 'https://chatgpt.com', signature });
    const line = "Identity: verified: its Web Bot Auth signature was checked with chatgpt.com's keys";
    expect(text).toContain(line);
    expect(text.indexOf(line)).toBeLessThan(text.indexOf('BEGIN REQUESTER'));
  });

  it('says the identity is not proved and why, and never shows a signer the request merely named', () => {
    expect(mailText({ verified: false, reason: 'unsigned' })).toContain(
      'Identity: not signed: it sent no signature, so nothing proves who sent it',
    );
    const text = mailText({ verified: false, signer: 'https://evil.example', reason: 'signer not listed' });
    expect(text).toContain(
      'Identity: signature failed (a warning): it sent a signature, but its signer is not one this site trusts',
    );
    expect(text).not.toContain('evil.example');
  });

  it('words every reason itself, in one line', () => {
    const reasons = [
      'incomplete',
      'no signer named',
      'signer not listed',
      'not bound to the site',
      'not web bot auth',
      'lifetime too long',
      'unknown key',
      'keys not fetched in time',
      'signature mismatch',
      'unreadable or out of date',
    ] as const;
    const lines = reasons.map((reason) => describeIdentity({ verified: false, reason }));
    for (const line of lines) expect(line).toMatch(/^signature failed \(a warning\): it sent a signature, but [^\n]+$/);
    expect(new Set(lines).size).toBe(reasons.length);
  });
});
