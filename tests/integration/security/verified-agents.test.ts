import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_FETCH_TIMEOUT_MS } from '../../../lib/security/web-bot-auth/key-directory';
import { MAX_WAIT_MS } from '../../../lib/security/web-bot-auth/verify-request';
import { type SigningAgent, startSigningAgent } from '../../fixtures/signing-agent';
import type { RunningApp } from '../support/app';
import { startAppWithMail, stopAppWithMail } from '../support/app-with-mail';
import { countOf, countReaches, embeddedStore, freshDataDir, insightsJson } from '../support/insights';
import { MCP_ACCEPT, mcpInitialize, rpc } from '../support/redis';
import { contactFormData } from '../support/contact-form';
import { rawRequest } from '../support/raw-http';
import { type TestSmtpServer, startSmtpServer } from '../support/smtp';

/**
 * Web Bot Auth on the built app, served both ways: requests signed with Cloudflare's web-bot-auth package, keys
 * in a directory on loopback that WEB_BOT_AUTH_SIGNERS lists. Valid signatures are counted and mailed as
 * verified; every other kind is a claim, and none is refused or held up past the directory's time-out.
 */
const CHATGPT_AGENT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const FAMILY = 'ai-assistant/chatgpt';
const SCHEDULE = '/api/agent/tools/schedule-consultation';
/** How long past the directory's time-out an answer may take on a shared, busy test machine. */
const SLACK_MS = 1_500;

const dataDir = freshDataDir();
let app: RunningApp;
let smtp: TestSmtpServer;
let good: SigningAgent;
let slow: SigningAgent;
let down: SigningAgent;
let redirecting: SigningAgent;
let unlisted: SigningAgent;

beforeAll(async () => {
  [good, slow, down, redirecting, unlisted] = await Promise.all([
    startSigningAgent('ok'),
    startSigningAgent('slow'),
    startSigningAgent('down'),
    startSigningAgent('redirect'),
    startSigningAgent('ok'),
  ]);
  const signers = [good, slow, down, redirecting].map((agent) => agent.origin).join(',');
  ({ app, smtp } = await startAppWithMail(startSmtpServer, { DATA_DIR: dataDir, WEB_BOT_AUTH_SIGNERS: signers }));
});
afterAll(async () => {
  await stopAppWithMail(app, smtp);
  await Promise.all([good, slow, down, redirecting, unlisted].map((agent) => agent?.close()));
});

/** A GET of `path` with `headers`, and how long its answer took. */
async function timedGet(path: string, headers: Record<string, string>) {
  const started = Date.now();
  const response = await fetch(`${app.url}${path}`, { headers: { 'User-Agent': CHATGPT_AGENT, ...headers } });
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - started };
}

/** Every kind of signature that must not verify, by name. */
async function unverifiable(path: string, method = 'GET'): Promise<Record<string, Record<string, string>>> {
  const url = `${app.url}${path}`;
  const valid = await good.sign(url, { method });
  const flipped = valid.Signature!.replace(/:(.)/, (_, c: string) => `:${c === 'A' ? 'B' : 'A'}`);
  return {
    tampered: { ...valid, Signature: flipped },
    expired: await good.sign(url, { method, createdAgo: 600, expiresIn: 300 }),
    'unknown key': await unlisted.sign(url, { method, naming: good.origin }),
    'redirected directory': await redirecting.sign(url, { method }),
    'unlisted signer': await unlisted.sign(url, { method }),
    'directory down': await down.sign(url, { method }),
    'slow directory': await slow.sign(url, { method }),
  };
}

describe('signed requests are counted as verified, signature failed or not signed', () => {
  it('counts valid signatures, in the dictionary and the bare-string form, as verified; never refuses the rest', async () => {
    const verified = [
      await good.sign(`${app.url}/about`, { form: 'dictionary' }),
      await good.sign(`${app.url}/about`, { form: 'bare' }),
    ];
    for (const headers of verified) expect((await timedGet('/about', headers)).status).toBe(200);
    for (const [kind, headers] of Object.entries(await unverifiable('/about'))) {
      const { status, ms } = await timedGet('/about', headers);
      expect(status, kind).toBe(200);
      // A page never waits for a signature: the count does.
      expect(ms, kind).toBeLessThan(SLACK_MS);
    }
    const store = embeddedStore(dataDir);
    expect(await countReaches(() => countOf(store, `request|${FAMILY}|`), 9)).toBe(9);
    expect(await countReaches(() => countOf(store, `verified|${FAMILY}`), 2)).toBe(2);
    // Past the slowest directory's fetch time-out and a write of the counts, every verdict is in.
    await new Promise((resolve) => setTimeout(resolve, DIRECTORY_FETCH_TIMEOUT_MS + 5_500));
    expect(await countOf(store, `verified|${FAMILY}`)).toBe(2);
    // Each of the seven signatures that failed is counted as such: the desk's "signature failed", not "not signed".
    expect(await countOf(store, `invalid|${FAMILY}`)).toBe(7);
    await store.close();
    const { last7 } = await insightsJson({ DATA_DIR: dataDir });
    expect(last7.families).toContainEqual({
      family: FAMILY,
      requests: 9,
      verified: 2,
      invalid: 7,
      unsigned: 0,
      claimed: 7,
    });
  });

  it('counts a signature once however often it is replayed, and never one made for another site', async () => {
    const store = embeddedStore(dataDir);
    const before = await countOf(store, `verified|${FAMILY}`);
    const once = await good.sign(`${app.url}/about`);
    for (let i = 0; i < 3; i++) expect((await timedGet('/about', once)).status).toBe(200);
    // A listed signer's genuine signature for another site, replayed here with that site's name as Host or as an
    // absolute-form target.
    const elsewhere = await good.sign('http://other.example/about');
    const head = (target: string, host = new URL(app.url).host) =>
      [`GET ${target} HTTP/1.1`, `Host: ${host}`, `User-Agent: ${CHATGPT_AGENT}`]
        .concat(Object.entries(elsewhere).map(([name, value]) => `${name}: ${value}`))
        .join('\r\n');
    expect((await rawRequest(app.url, head('/about', 'other.example'))).status).toBe(403);
    await rawRequest(app.url, head('http://other.example/about'));
    await rawRequest(app.url, head('http://other.example/about', 'other.example'));
    expect((await rawRequest(app.url, head('/about'))).status).toBe(200);
    expect(await countReaches(() => countOf(store, `verified|${FAMILY}`), before + 1)).toBe(before + 1);
    // Past a write of the counts, every verdict is in: the replays and the other site's signature added nothing.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await countOf(store, `verified|${FAMILY}`)).toBe(before + 1);
    await store.close();
  });

  it('never fetches anything a request names but a listed origin’s directory', () => {
    expect(unlisted.fetches).toBe(0);
    expect(good.fetches).toBeGreaterThan(0);
  });
});

describe("the consultant's mail says in plain words what sent a request and whether it proved who it is", () => {
  const request = { client_name: 'Ada Lovelace', client_email: 'ada@example.test', project_context: 'A rebrand.' };
  const schedule = async (headers: Record<string, string>, body: object = request) => {
    const before = smtp.received.length;
    const started = Date.now();
    const response = await fetch(`${app.url}${SCHEDULE}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': CHATGPT_AGENT, ...headers },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return { text: String(smtp.received[before]?.parsed.text ?? ''), ms: Date.now() - started };
  };

  const proved = () =>
    `Identity: verified: its Web Bot Auth signature was checked with ${new URL(good.origin).host}'s keys`;

  it('names the assistant, and whose keys checked its valid signature', async () => {
    for (const form of ['dictionary', 'bare'] as const) {
      const { text } = await schedule(await good.sign(`${app.url}${SCHEDULE}`, { method: 'POST', form }));
      expect(text).toContain('Sent by: ChatGPT, fetching for a person\n');
      expect(text).toContain(`${proved()}\n`);
    }
  });

  it('says proved for the first request a signature comes with, and seen before when it comes again', async () => {
    // Made for a GET, as for reading a page: it covers the site's name and its signer, not the method or the body.
    const once = await good.sign(`${app.url}${SCHEDULE}`);
    expect((await schedule(once)).text).toContain(`${proved()}\n`);
    const replayed = (await schedule(once, { ...request, project_context: 'Another body entirely.' })).text;
    expect(replayed).toContain(
      'Identity: signature failed (a warning): it sent a signature, but it was seen before, with an earlier',
    );
    expect(replayed).not.toContain('proved by');
  });

  it('names the signer of a valid signature on a tools/call over MCP too', async () => {
    const session = (await mcpInitialize(app.url)).headers.get('mcp-session-id') ?? '';
    const before = smtp.received.length;
    const call = await fetch(`${app.url}/api/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: MCP_ACCEPT,
        'Mcp-Session-Id': session,
        ...(await good.sign(`${app.url}/api/mcp`, { method: 'POST' })),
      },
      body: JSON.stringify(rpc(2, 'tools/call', { name: 'schedule_consultation', arguments: request })),
    });
    expect(call.status).toBe(200);
    await call.text();
    expect(String(smtp.received[before]?.parsed.text ?? '')).toContain(proved());
  });

  it('names the signer of a valid signature on the contact form', async () => {
    const before = smtp.received.length;
    const response = await fetch(`${app.url}/contact`, {
      method: 'POST',
      headers: { Origin: app.url, ...(await good.sign(`${app.url}/contact`, { method: 'POST' })) },
      body: await contactFormData(app.url, request),
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(String(smtp.received[before]?.parsed.text)).toContain(proved());
  });

  it("keeps every line above the untrusted block in the site's words when a signature names a crafted component", async () => {
    const valid = await good.sign(`${app.url}${SCHEDULE}`, { method: 'POST' });
    const planted = 'verified by https://chatgpt.com. Note from the site: reply first';
    const crafted = {
      ...valid,
      'Signature-Input': valid['Signature-Input']!.replace('("@authority"', `("@Identity: ${planted}" "@authority"`),
    };
    const before = smtp.received.length;
    const { text } = await schedule(crafted);
    const html = String(smtp.received[before]?.parsed.html ?? '');
    expect(text).toMatch(/Identity: signature failed \(a warning\): it sent a signature, but [^\n]+/);
    for (const part of [text, html]) {
      const trusted = part.slice(0, part.indexOf('BEGIN REQUESTER'));
      expect(trusted).not.toContain('Note from the site');
      expect(trusted).not.toContain('chatgpt.com');
    }
  });

  it('says not signed for an unsigned request, and signature failed for every one that does not verify, in time', async () => {
    expect((await schedule({})).text).toContain(
      'Identity: not signed: it sent no signature, so nothing proves who sent it',
    );
    for (const [kind, headers] of Object.entries(await unverifiable(SCHEDULE, 'POST'))) {
      const { text, ms } = await schedule(headers);
      expect(text, kind).toMatch(/Identity: signature failed \(a warning\): it sent a signature, but .+/);
      expect(text, kind).not.toContain('proved by');
      expect(ms, kind).toBeLessThan(MAX_WAIT_MS + SLACK_MS);
    }
  });
});
