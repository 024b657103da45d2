import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../support/app';
import { postContactForm } from '../support/contact-form';
import { countOf, countReaches, embeddedStore, freshDataDir, insightsJson, runInsights } from '../support/insights';

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const CLAUDEBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const navigate = { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', Accept: 'text/html' };

/** Who asks for what, and the family and surface it must be counted under. */
const TRAFFIC: {
  ua: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  key: string;
}[] = [
  { ua: BROWSER, path: '/engagements', headers: navigate, key: 'browser|page-html' },
  { ua: CLAUDEBOT, path: '/about', key: 'ai-crawler/claudebot|page-markdown' },
  {
    ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    path: '/llms.txt',
    key: 'ai-assistant/chatgpt|discovery',
  },
  {
    ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    path: '/engagements',
    key: 'search-crawler/googlebot|page-html',
  },
  {
    ua: 'Perplexity-User/1.0 (+https://perplexity.ai/perplexity-user)',
    path: '/api/agent/resources/engagements',
    key: 'ai-assistant/perplexity-user|rest-resource',
  },
  {
    ua: 'Mozilla/5.0 (compatible; PerplexityBot/1.0)',
    path: '/engagements.md',
    key: 'ai-crawler/perplexity|page-markdown',
  },
  { ua: 'curl/8.5.0', path: '/', headers: { Accept: 'text/markdown' }, key: 'other|page-markdown' },
  {
    ua: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
    method: 'POST',
    path: '/api/agent/tools/evaluate-client-needs',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ challenges: 'our positioning is unclear, we need a rebrand', technology_sector: 'fintech' }),
    key: 'ai-crawler/gptbot|rest-tool',
  },
  { ua: 'MistralAI-User/1.0', path: '/.well-known/api-catalog', key: 'ai-assistant/mistralai-user|discovery' },
  {
    ua: 'claude-code/1.0',
    method: 'POST',
    path: '/api/mcp',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    key: 'other|mcp',
  },
];
const ROUNDS = 2;

const dataDir = freshDataDir();
let app: RunningApp;
const send = (entry: (typeof TRAFFIC)[number]) =>
  fetch(`${app.url}${entry.path}`, {
    method: entry.method ?? 'GET',
    headers: { 'User-Agent': entry.ua, ...entry.headers },
    body: entry.body,
  }).then((response) => response.arrayBuffer());

beforeAll(async () => {
  app = await startApp({ DATA_DIR: dataDir });
});
afterAll(() => app?.stop());

describe('every request is counted by day, agent family and surface, and nothing else is kept', () => {
  it('counts the traffic of a table of user-agents under the right family and surface, once each', async () => {
    for (let round = 0; round < ROUNDS; round++) for (const entry of TRAFFIC) await send(entry);
    const store = embeddedStore(dataDir);
    const total = async () => {
      let sum = 0;
      for (const entry of TRAFFIC) sum += await countOf(store, `request|${entry.key}`);
      return sum;
    };
    expect(await countReaches(total, TRAFFIC.length * ROUNDS)).toBe(TRAFFIC.length * ROUNDS);
    for (const entry of TRAFFIC) expect(await countOf(store, `request|${entry.key}`), entry.key).toBe(ROUNDS);
    // Page views: Googlebot's and PerplexityBot's reads (HTML and markdown alike). A person's view is the one
    // the page reports (below): the browser's load of the HTML alone is no view.
    expect(await countOf(store, 'view|/engagements|agents')).toBe(2 * ROUNDS);
    expect(await countOf(store, 'view|/engagements|people')).toBe(0);
    expect(await countOf(store, 'tool|rest|evaluate_client_needs')).toBe(ROUNDS);
    expect(await countOf(store, 'engagement|brand-identity')).toBe(ROUNDS);
    expect(await countOf(store, 'mcp|ping')).toBe(ROUNDS);
    await store.close();
  });

  it('counts each tool called over MCP, the API’s two and MCP’s own alike, once per call it ran', async () => {
    const call = (id: number, name: string, args: unknown) =>
      send({
        ua: 'claude-code/1.0',
        method: 'POST',
        path: '/api/mcp',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'MCP-Protocol-Version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
        key: '',
      });
    await call(1, 'evaluate_client_needs', { challenges: 'we need a rebrand', technology_sector: 'fintech' });
    await call(2, 'search', { query: 'rebrand' });
    await call(3, 'fetch', { id: 'no-such-page' });
    await call(4, 'prepare_consultation_request', { client_name: 'Ada' });
    // Arguments the tool refuses before it runs are no call of it.
    await call(5, 'search', { query: 42 });
    const store = embeddedStore(dataDir);
    const tools = ['evaluate_client_needs', 'search', 'fetch', 'prepare_consultation_request'];
    expect(await countReaches(() => countOf(store, 'tool|mcp|prepare_consultation_request'), 1)).toBe(1);
    for (const tool of tools) expect(await countOf(store, `tool|mcp|${tool}`), tool).toBe(1);
    await store.close();
  });

  it('counts the views pages report: visits, the assistant that sent them, never a made-up page or a request', async () => {
    const store = embeddedStore(dataDir);
    const before = await countOf(store, 'request|browser');
    const host = new URL(app.url).host;
    const report = (query: string) =>
      fetch(`${app.url}/page-view.gif${query}`, { headers: { 'User-Agent': BROWSER } }).then(async (response) => {
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/gif');
        expect(response.headers.get('cache-control')).toBe('no-store');
        await response.arrayBuffer();
      });
    await report('?p=%2Fabout&from=chatgpt.com');
    await report('?p=%2Fcase-studies&in=1');
    await report(`?p=%2Fcontact&from=${host}`);
    await report('?p=%2Fno-such-page&from=chatgpt.com');
    await report(`?p=%2Fabout&from=${'x'.repeat(10_000)}`);
    await report('?p=%2Fabout&utm=%3Cscript%3Echatgpt.com');
    expect(await countReaches(() => countOf(store, 'view|/contact|people'), 1)).toBe(1);
    expect(await countOf(store, 'view|/about|people')).toBe(3);
    expect(await countOf(store, 'view|/case-studies|people')).toBe(1);
    expect(await countOf(store, 'visit|people')).toBe(3);
    expect(await countOf(store, 'sent|chatgpt|/about')).toBe(1);
    expect(await countOf(store, 'sent|')).toBe(1);
    expect(await countOf(store, 'view|/no-such-page')).toBe(0);
    expect(await countOf(store, 'request|browser')).toBe(before);
    await store.close();
  });

  it('counts the contact form and the inquiry, keeps who wrote for the desk alone, and no address or User-Agent', async () => {
    const response = await postContactForm(app.url, {
      client_name: 'Zebulon Quartermaine',
      client_email: 'zebulon@hidden-inbox.example',
      project_context: 'Confidential pivot plans\nThe acquisition closes in March',
    });
    expect(response.status).toBe(200);
    const store = embeddedStore(dataDir);
    expect(await countReaches(() => countOf(store, 'request|other|contact-form'), 1)).toBe(1);
    expect(await countReaches(() => countOf(store, 'inquiry|form'), 1)).toBe(1);
    // The log and the counts name no one; the details kept for the desk are the name, email and first line.
    const [inquiry] = await store.readInquiries('2000-01-01');
    expect(JSON.stringify(inquiry)).not.toMatch(/Zebulon|hidden-inbox|Confidential/);
    const counts = JSON.stringify([...(await store.readCounts('2000-01-01', '2999-12-31'))]);
    expect(counts).not.toMatch(/Zebulon|hidden-inbox|Confidential/);
    const details = (await store.readDetails([inquiry?.reference ?? ''])).get(inquiry?.reference ?? '');
    expect(details).toMatchObject({
      name: 'Zebulon Quartermaine',
      email: 'zebulon@hidden-inbox.example',
      firstLine: 'Confidential pivot plans',
    });
    // Kept for INQUIRY_RETENTION_DAYS (90 by default), not longer.
    expect((details?.keptUntil ?? 0) - Date.now()).toBeLessThanOrEqual(90 * 86_400_000);
    expect((details?.keptUntil ?? 0) - Date.now()).toBeGreaterThan(89 * 86_400_000);
    await store.close();
    const stored = fs.readFileSync(path.join(dataDir, 'insights', 'data.mdb'));
    for (const secret of ['acquisition', '127.0.0.1', 'claudebot@anthropic.com', 'Safari/605']) {
      expect(stored.includes(secret), secret).toBe(false);
    }
  });

  it('npm run insights shows the figures in the terminal, and --json for machines', async () => {
    const text = await runInsights({ DATA_DIR: dataDir });
    expect(text).toMatch(/Last 7 days .*: \d+ page views? by people in \d+ visits?, \d+ pages? read by AI/);
    expect(text).toMatch(
      /Page views per day.*\n +Day \(UTC\) +People +Visits +Agents\n +\d{4}-\d\d-\d\d +\d+ +\d+ +\d+ +[█▒]+/,
    );
    expect(text).toContain("Anthropic's crawler (ClaudeBot)");
    expect(text).toMatch(/Matching needs to an engagement +the REST API +2/i);
    const { last7, last30 } = await insightsJson({ DATA_DIR: dataDir });
    expect(last7.days).toBe(7);
    expect(last30.perDay).toHaveLength(30);
    expect(last7.families).toContainEqual({
      family: 'ai-crawler/claudebot',
      requests: ROUNDS,
      verified: 0,
      invalid: 0,
      unsigned: ROUNDS,
      claimed: ROUNDS,
    });
    expect(last7.toolCalls).toContainEqual({ channel: 'rest', tool: 'evaluate_client_needs', calls: ROUNDS });
    expect(last7.mcpMethods).toContainEqual({ method: 'ping', messages: ROUNDS });
    expect(last7.toolCalls).toContainEqual({ channel: 'form', tool: 'schedule_consultation', calls: 1 });
    expect(last7.inquiries.map((entry) => entry.channel)).toEqual(['form']);
    expect(last7.totals.people).toBeGreaterThanOrEqual(ROUNDS);
  });

  it('says on /contact, as HTML and as markdown, what is counted and what is never kept', async () => {
    for (const path of ['/contact', '/contact.md']) {
      const page = await (await fetch(`${app.url}${path}`)).text();
      expect(page, path).toMatch(/counts requests by day, by kind of client/);
      expect(page, path).toMatch(/never stores IP addresses, full User-Agents or what a request says/);
      expect(page, path).toMatch(/for 90 days\./);
      expect(page, path).toMatch(/a copy in its outbox for 30 days/);
    }
  });

  it('keeps the counts across a restart', async () => {
    const store = embeddedStore(dataDir);
    const before = await countOf(store, 'request|ai-crawler/claudebot|page-markdown');
    await app.stop();
    app = await startApp({ DATA_DIR: dataDir });
    for (let i = 0; i < 3; i++) await send(TRAFFIC[1]!);
    expect(await countReaches(() => countOf(store, 'request|ai-crawler/claudebot|page-markdown'), before + 3)).toBe(
      before + 3,
    );
    await store.close();
  });
});
