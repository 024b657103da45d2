import { describe, expect, it } from 'vitest';
import { mailTriage } from '@/lib/agent/triage';
import { suggestEngagement } from '@/lib/agent/evaluate';
import { loadContent } from '@/lib/content';
import { composeConsultationMail } from '@/lib/mail/compose';

const { engagements } = loadContent();
const request = { client_name: 'Ada', client_email: 'ada@example.test', project_context: 'A rebrand.' };
const envelope = { from: 'a@site.test', to: 'b@site.test', siteName: 'Plainword', requestId: 'r', reference: 'ref' };

const mailText = (identity: Parameters<typeof mailTriage>[2]) =>
  String(
    composeConsultationMail(request, {
      ...envelope,
      ...mailTriage({ kind: 'rest' }, suggestEngagement(engagements, request), identity),
    }).text,
  );

describe("the mail's identity line", () => {
  it('names the signer that verified the request, among the lines the site itself writes', () => {
    const text = mailText({ verified: true, signer: 'https://chatgpt.com' });
    const line = 'Identity: verified by https://chatgpt.com (Web Bot Auth signature)';
    expect(text).toContain(line);
    expect(text.indexOf(line)).toBeLessThan(text.indexOf('BEGIN REQUESTER'));
  });

  it('says the identity is only claimed, and never shows a signer the request merely named', () => {
    expect(mailText({ verified: false, reason: 'not signed' })).toContain(
      'Identity: only claimed (the request carried no signature)',
    );
    const text = mailText({ verified: false, signer: 'https://evil.example', reason: 'signer not listed' });
    expect(text).toContain('Identity: only claimed (its signature was not verified: signer not listed)');
    expect(text).not.toContain('evil.example');
  });
});
