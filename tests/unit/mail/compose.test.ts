import { describe, expect, it } from 'vitest';
import { describeChannel } from '@/lib/agent/channel';
import { suggestEngagement } from '@/lib/agent/evaluate';
import { loadContent } from '@/lib/content';
import { composeConsultationMail } from '@/lib/mail/compose';

const { engagements } = loadContent();
const request = {
  client_name: 'Priya Raman',
  client_email: 'priya@ledgerline.example',
  project_context: 'We pivoted and need a rebrand before the enterprise launch.',
  technology_sector: 'fintech',
};
const envelope = { from: 'site@consultant.test', to: 'inbox@consultant.test', siteName: 'Plainword', requestId: 'r-1' };

describe("the consultant's mail says where a request came from and what it is about", () => {
  it('a contact form request: the channel and the suggested engagement with the matched words', () => {
    const mail = composeConsultationMail(request, {
      ...envelope,
      channel: { kind: 'form' },
      suggestion: suggestEngagement(engagements, request),
    });
    const text = String(mail.text);
    expect(text).toContain('Arrived through: the contact form on the website');
    expect(text).toContain('Suggested engagement: Brand Identity & Rebrand (matched project context: "rebrand"');
    expect(text).toContain('sector: "Fintech"');
    expect(String(mail.html)).toContain('Brand Identity &amp; Rebrand');
  });

  it("a suggestion decided by the engagement's own description names those words", () => {
    const described = { ...request, project_context: 'Analyst briefings and campaigns reviewed before release.' };
    const suggestion = suggestEngagement(engagements, described);
    expect(suggestion.matchedKeywords).toEqual([]);
    const text = String(
      composeConsultationMail(described, { ...envelope, channel: { kind: 'form' }, suggestion }).text,
    );
    expect(text).toMatch(
      /Suggested engagement: Advisory Retainer \(matched its description: "campaigns", "reviewed", "briefings"/,
    );
  });

  it('without a project context or sector: the usual first step, and no words claimed', () => {
    const bare = { client_name: 'Sam', client_email: 'sam@example.com' };
    const mail = composeConsultationMail(bare, {
      ...envelope,
      channel: { kind: 'rest' },
      suggestion: suggestEngagement(engagements, bare),
    });
    const text = String(mail.text);
    expect(text).toContain('Arrived through: the REST API (User-Agent: not sent)');
    expect(text).toMatch(/Suggested engagement: .+ \(the usual first step: no keyword of any engagement matched\)/);
  });

  it('MCP names the client and the revision; caller text is kept to one bounded line', () => {
    expect(
      describeChannel({
        kind: 'mcp',
        protocolVersion: '2026-07-28',
        client: { name: 'agent\r\nBcc: x@evil.example', version: '1.0' },
      }),
    ).toBe('MCP (client agent Bcc: x@evil.example 1.0, protocol revision 2026-07-28)');
    expect(describeChannel({ kind: 'mcp', protocolVersion: '2025-03-26' })).toBe(
      'MCP (client not named, protocol revision 2025-03-26)',
    );
    expect(describeChannel({ kind: 'rest', userAgent: 'x'.repeat(500) }).length).toBeLessThan(250);
  });
});
