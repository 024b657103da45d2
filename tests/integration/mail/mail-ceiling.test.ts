import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../lib/content';
import { appWithMailForThisFile } from '../support/app-for-file';
import { postContactForm } from '../support/contact-form';
import { countOf, countReaches, embeddedStore, freshDataDir } from '../support/insights';
import { envelopeOf, mcpInitialize, mcpPost, postSchedule, rpc, rpcResult } from '../support/redis';
import { startSmtpServer } from '../support/smtp';

const bio = loadContent().bio;
const dataDir = freshDataDir();
// Each call from another client (TRUST_PROXY: the last X-Forwarded-For entry), so only the site-wide ceiling binds.
const served = appWithMailForThisFile(startSmtpServer, {
  MAIL_LIMIT_PER_DAY: '2',
  TRUST_PROXY: 'true',
  DATA_DIR: dataDir,
});
const request = (name: string) => ({
  client_name: name,
  client_email: 'someone@example.com',
  project_context: 'a rebrand',
});
const from = (address: string) => ({ 'X-Forwarded-For': address });
const requestMails = () =>
  served.smtp.received.filter((mail) => mail.parsed.subject?.startsWith('Consultation request'));

describe('MAIL_LIMIT_PER_DAY: a site-wide ceiling on consultation mails, across clients and channels', () => {
  it('lets the first mails through whatever the channel, then refuses every channel and client, and mails nothing', async () => {
    expect((await postSchedule(served.app.url, request('First'), from('203.0.113.1'))).status).toBe(200);
    const form = await postContactForm(served.app.url, { ...request('Second'), client_email: 'second@example.com' });
    expect(form.status).toBe(200);
    expect(served.smtp.received.length).toBe(2);

    const refused = await postSchedule(served.app.url, request('Third'), from('198.51.100.7'));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    const error = await envelopeOf(refused);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toMatch(/2 a day, all senders together/);
    expect(error.resolution).toContain(bio.email);

    const initialize = await mcpInitialize(served.app.url);
    const session = initialize.headers.get('mcp-session-id') ?? '';
    const call = await mcpPost(
      served.app.url,
      rpc(2, 'tools/call', { name: 'schedule_consultation', arguments: request('Fourth') }),
      session,
    );
    const result = JSON.stringify(await rpcResult(call));
    expect(result).toContain('"isError":true');
    expect(result).toContain('RATE_LIMITED');
    expect(result).toContain(bio.email);

    // Without a session (ChatGPT's tool plane, Claude's backend), the same ceiling.
    const sessionless = JSON.stringify(
      await rpcResult(
        await mcpPost(
          served.app.url,
          rpc(3, 'tools/call', { name: 'schedule_consultation', arguments: request('Sixth') }),
        ),
      ),
    );
    expect(sessionless).toContain('"isError":true');
    expect(sessionless).toContain('RATE_LIMITED');

    const page = await (await postContactForm(served.app.url, request('Fifth'))).text();
    expect(page).toMatch(/2 a day, all senders together/);
    expect(requestMails()).toHaveLength(2);
    // The consultant hears once that the ceiling tripped, however many calls it then refuses.
    await expect
      .poll(() => served.smtp.received.map((mail) => mail.parsed.subject))
      .toContain("Today's consultation requests are used up (2 a day)");
    expect(served.smtp.received).toHaveLength(3);
  });

  it('counts the refusals for the consultant', async () => {
    const store = embeddedStore(dataDir);
    expect(await countReaches(() => countOf(store, 'refusal|mail-site-wide'), 4)).toBe(4);
    await store.close();
  });
});
