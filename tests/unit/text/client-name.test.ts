import { describe, expect, it } from 'vitest';
import { countedClientOf } from '@/lib/agent/channel';
import { mailTriage } from '@/lib/agent/triage';
import { suggestEngagement } from '@/lib/agent/evaluate';
import { loadContent } from '@/lib/content';
import { issueSession, readSessionId } from '@/lib/mcp/transport/sessions';
import { cleanClientText } from '@/lib/text/client-name';

const RLO = '\u202e';
const hostile = `=HYPERLINK("https://evil.example")\r\n${RLO}gnp.exe\u0000\u200b\u2066x\u2069\u001b[31m`;

describe('names a client chose are cleaned before they are kept or printed', () => {
  it('turns control, bidi and invisible characters into spaces and drops a leading formula character', () => {
    const cleaned = cleanClientText(hostile, 200);
    expect(cleaned).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    expect(cleaned).toBe('HYPERLINK("https://evil.example") gnp.exe x [31m');
    for (const lead of ['=', '+', '-', '@', ' = @']) expect(cleanClientText(`${lead}SUM(A1)`, 50)).toBe('SUM(A1)');
    expect(cleanClientText('Claude Code', 50)).toBe('Claude Code');
    expect(cleanClientText('x'.repeat(500), 60)).toHaveLength(61);
    expect(cleanClientText('\u0000\u202e', 60)).toBe('');
  });

  it('in the inquiry log, the mail and the session id', async () => {
    const channel = {
      kind: 'mcp',
      protocolVersion: '2025-06-18',
      client: { name: hostile, version: `1.0${RLO}` },
    } as const;
    expect(countedClientOf(channel)).not.toMatch(/[\p{Cc}\p{Cf}=]/u);
    const { engagements } = loadContent();
    const triage = mailTriage(
      channel,
      suggestEngagement(engagements, { client_name: 'A', client_email: 'a@example.com' }),
    );
    for (const [, value] of triage.callerStatements) expect(value).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    const key = Buffer.alloc(32, 7);
    const session = await issueSession({ protocolVersion: '2025-06-18', client: channel.client }, key);
    const read = await readSessionId(session.id, key);
    expect(read?.client.name).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    expect(read?.client.name.startsWith('HYPERLINK')).toBe(true);
    expect(read?.client.version).toBe('1.0');
  });
});
