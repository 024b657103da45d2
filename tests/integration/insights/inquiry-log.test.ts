import { describe, expect, it } from 'vitest';
import { REFERENCE_PATTERN } from '../../../lib/agent/inquiry-reference';
import { appWithMailForThisFile } from '../support/app-for-file';
import { postContactForm } from '../support/contact-form';
import { embeddedStore, freshDataDir } from '../support/insights';
import { mcpInitialize, mcpPost, postSchedule, rpc, rpcResult } from '../support/redis';
import { startSmtpServer } from '../support/smtp';

const dataDir = freshDataDir();
const served = appWithMailForThisFile(startSmtpServer, { DATA_DIR: dataDir });
const request = {
  client_name: 'Ines Okafor',
  client_email: 'ines@quietledger.example',
  project_context: 'Our positioning is unclear after the pivot; we need a rebrand.',
  technology_sector: 'fintech',
};

describe('every accepted consultation request gets a reference, in the answer, the mail and the log', () => {
  it('REST: `reference` in the 200 answer, in the subject, and logged with the channel and the engagement only', async () => {
    const before = served.smtp.received.length;
    const response = await postSchedule(served.app.url, request, { 'User-Agent': 'Claude-User/1.0' });
    expect(response.status).toBe(200);
    const { reference } = await response.json();
    expect(reference).toMatch(REFERENCE_PATTERN);
    const mail = served.smtp.received[before];
    expect(mail?.parsed.subject).toBe(`Consultation request from Ines Okafor (fintech) [ref ${reference}]`);
    expect(mail?.parsed.text).toContain(`Reference: ${reference}`);

    const store = embeddedStore(dataDir);
    const logged = (await store.readInquiries('2000-01-01')).find((entry) => entry.reference === reference);
    await store.close();
    expect(logged).toMatchObject({ channel: 'rest', client: 'ai-assistant/claude-user', engagement: 'brand-identity' });
    expect(Object.keys(logged ?? {}).sort()).toEqual(['at', 'channel', 'client', 'engagement', 'reference']);
    expect(JSON.stringify(logged)).not.toMatch(/Ines|quietledger|pivot/);
  });

  it('MCP: `reference` in structuredContent, logged with the MCP client name', async () => {
    const initialize = await mcpInitialize(served.app.url);
    const session = initialize.headers.get('mcp-session-id') ?? '';
    const call = await mcpPost(
      served.app.url,
      rpc(2, 'tools/call', { name: 'schedule_consultation', arguments: request }),
      session,
    );
    const result = JSON.stringify(await rpcResult(call));
    const reference = /"reference":"([^"]+)"/.exec(result)?.[1] ?? '';
    expect(reference).toMatch(REFERENCE_PATTERN);
    const store = embeddedStore(dataDir);
    const logged = (await store.readInquiries('2000-01-01')).find((entry) => entry.reference === reference);
    await store.close();
    expect(logged).toMatchObject({ channel: 'mcp', client: 'scale-out' });
  });

  it('the contact form: the reference is in the mail and the log', async () => {
    const before = served.smtp.received.length;
    expect((await postContactForm(served.app.url, request)).status).toBe(200);
    const subject = served.smtp.received[before]?.parsed.subject ?? '';
    const reference = /\[ref ([^\]]+)\]$/.exec(subject)?.[1] ?? '';
    expect(reference).toMatch(REFERENCE_PATTERN);
    const store = embeddedStore(dataDir);
    const logged = (await store.readInquiries('2000-01-01')).find((entry) => entry.reference === reference);
    await store.close();
    expect(logged).toMatchObject({ channel: 'form', client: 'form' });
  });
});
