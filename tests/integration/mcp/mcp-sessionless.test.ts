import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { agentFamilyOf } from '@/lib/http/agent-family';
import { describeSender } from '@/lib/agent/sender';
import { appWithMailForThisFile } from '../support/app-for-file';
import { MCP_ACCEPT } from '../support/http';
import { startSmtpServer } from '../support/smtp';

/**
 * Requests without Mcp-Session-Id (docs/mcp-clients.md, "Tolerances"): ChatGPT's tool plane, Claude's backend,
 * opencode. Each is answered as a session would be, at the revision its MCP-Protocol-Version names, with the
 * same quotas, idempotency and mail; an id that was ended or never issued stays 404.
 */
const SCHEDULE_LIMIT = 3;
const served = appWithMailForThisFile(startSmtpServer, { SCHEDULE_LIMIT_PER_HOUR: String(SCHEDULE_LIMIT) });

const TOOL_PLANE_UA = 'openai-mcp/1.0.0';

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${served.app.url}/api/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: MCP_ACCEPT, 'User-Agent': TOOL_PLANE_UA, ...headers },
    body: JSON.stringify(body),
  });
}

const call = (id: number | string, method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params === undefined ? {} : { params }),
});

const AnswerSchema = z.object({
  id: z.union([z.string(), z.number()]).nullable(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.number(), message: z.string() }).optional(),
});
type Answer = z.infer<typeof AnswerSchema>;

async function answerOf(response: Response): Promise<Answer> {
  expect(response.status).toBe(200);
  return AnswerSchema.parse(await response.json());
}

const ContentSchema = z.array(z.object({ type: z.string(), text: z.string().optional() }));

const EVALUATE = {
  name: 'evaluate_client_needs',
  arguments: { challenges: 'Our Series B pitch deck does not land with investors', technology_sector: 'fintech' },
};

describe('a 2025 request without a session', () => {
  it('tools/call of evaluate_client_needs is answered at 2025-03-26 when no revision is named, with no session id', async () => {
    const response = await post(call(1, 'tools/call', EVALUATE));
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(response.headers.get('mcp-protocol-version')).toBe('2025-03-26');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { result } = await answerOf(response);
    expect(result?.isError).toBeUndefined();
    expect(result?.structuredContent).toMatchObject({ recommended: { key: expect.any(String) } });
    // 2025-03-26 has no resource_link.
    expect(ContentSchema.parse(result?.content).map((block) => block.type)).toEqual(['text']);
  });

  it('is answered at the revision MCP-Protocol-Version names (2025-06-18 adds the resource_link)', async () => {
    const response = await post(call(2, 'tools/call', EVALUATE), { 'MCP-Protocol-Version': '2025-06-18' });
    expect(response.headers.get('mcp-protocol-version')).toBe('2025-06-18');
    const { result } = await answerOf(response);
    expect(ContentSchema.parse(result?.content).map((block) => block.type)).toEqual(['text', 'resource_link']);
  });

  it('a revision this server does not serve stays 400 UNSUPPORTED_PROTOCOL_VERSION', async () => {
    const response = await post(call(3, 'tools/list'), { 'MCP-Protocol-Version': '2099-01-01' });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('UNSUPPORTED_PROTOCOL_VERSION');
  });

  it('resources/read, prompts/get, completion/complete and ping get the answers a session gets', async () => {
    const read = await answerOf(await post(call(4, 'resources/read', { uri: 'consultancy://resources/bio' })));
    expect(read.result?.contents).toEqual([
      expect.objectContaining({
        uri: 'consultancy://resources/bio',
        mimeType: 'text/markdown',
        text: expect.any(String),
      }),
    ]);
    const prompt = await answerOf(
      await post(call(5, 'prompts/get', { name: 'qualify_client', arguments: { technology_sector: 'fintech' } })),
    );
    expect(JSON.stringify(prompt.result?.messages)).toContain('technology_sector: fintech');
    const completed = await answerOf(
      await post(
        call(6, 'completion/complete', {
          ref: { type: 'ref/prompt', name: 'draft_consultation_request' },
          argument: { name: 'engagement', value: '' },
        }),
      ),
    );
    expect(completed.result).toMatchObject({ completion: { total: 4 } });
    expect((await answerOf(await post(call(7, 'ping')))).result).toEqual({});
  });

  it('a bad prompt argument is the same -32602 a session gets', async () => {
    const refused = await answerOf(await post(call(8, 'prompts/get', { name: 'qualify_client', arguments: { x: 1 } })));
    expect(refused.error?.code).toBe(-32602);
  });

  it('a batch is answered with an array, one answer per request', async () => {
    const response = await post([
      call('a', 'tools/list'),
      call('b', 'resources/read', { uri: 'consultancy://resources/engagements' }),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      call('c', 'tools/call', EVALUATE),
    ]);
    expect(response.status).toBe(200);
    const answers = z.array(AnswerSchema).parse(await response.json());
    expect(answers.map((answer) => answer.id)).toEqual(['a', 'b', 'c']);
    expect(answers.every((answer) => answer.result !== undefined)).toBe(true);
  });

  it('notifications/initialized is 202, and an event stream is served to a client that accepts only that', async () => {
    expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);
    const streamed = await post(call(9, 'tools/call', EVALUATE), { Accept: 'text/event-stream' });
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toContain('text/event-stream');
    expect(await streamed.text()).toContain('"recommended"');
  });
});

describe('search and fetch, as ChatGPT calls them', () => {
  it('search ranks the page a plain-language query is about first; fetch returns its markdown', async () => {
    const searched = await answerOf(
      await post(
        call(30, 'tools/call', { name: 'search', arguments: { query: 'a new name and logo after a merger' } }),
      ),
    );
    const { results } = z
      .object({ results: z.array(z.object({ id: z.string(), title: z.string(), url: z.string() })) })
      .parse(searched.result?.structuredContent);
    expect(results[0]).toMatchObject({
      id: 'engagements/brand-identity',
      url: expect.stringMatching(/\/engagements\/brand-identity$/),
    });
    const fetched = await answerOf(
      await post(call(31, 'tools/call', { name: 'fetch', arguments: { id: results[0]?.id } })),
    );
    expect(fetched.result?.structuredContent).toMatchObject({
      id: 'engagements/brand-identity',
      metadata: { kind: 'engagement' },
    });
    // The page's markdown as <page>.md serves it, whose links use the site's URL where MCP uses the request's origin.
    const markdown = await (await fetch(`${served.app.url}/engagements/brand-identity.md`)).text();
    const siteOrigin = new URL(/canonical_url: "([^"]+)"/.exec(markdown)?.[1] ?? served.app.url).origin;
    expect(fetched.result?.structuredContent).toMatchObject({ text: markdown.replaceAll(siteOrigin, served.app.url) });
  });

  it('an unknown id is a tool error that says how to search', async () => {
    const { result } = await answerOf(
      await post(call(32, 'tools/call', { name: 'fetch', arguments: { id: 'pricing' } })),
    );
    expect(result?.isError).toBe(true);
    expect(ContentSchema.parse(result?.content)[0]?.text).toMatch(/^NOT_FOUND: .*\nResolution: Call search/s);
  });
});

describe('a request that carries an id keeps the session rules', () => {
  it('an id ended by DELETE and a forged id are 404, so the client initializes again; an empty id is 400', async () => {
    const init = await post(
      call(0, 'initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'openai-mcp', version: '1.0.0' },
      }),
    );
    const id = init.headers.get('mcp-session-id') ?? '';
    await init.body?.cancel();
    expect(id).not.toBe('');
    const ended = await fetch(`${served.app.url}/api/mcp`, { method: 'DELETE', headers: { 'Mcp-Session-Id': id } });
    expect(ended.status).toBe(200);
    await ended.body?.cancel();
    const empty = await post(call(11, 'tools/list'), { 'Mcp-Session-Id': '' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.code).toBe('SESSION_REQUIRED');
    for (const sessionId of [id, `${id.slice(0, -4)}AAAA`, 'A'.repeat(43)]) {
      const response = await post(call(10, 'tools/call', EVALUATE), { 'Mcp-Session-Id': sessionId });
      expect(response.status, sessionId).toBe(404);
      expect((await response.json()).error.code).toBe('NOT_FOUND');
    }
  });
});

describe('schedule_consultation without a session', () => {
  const args = (key: string, name = 'Ines Duarte') => ({
    name: 'schedule_consultation',
    arguments: {
      client_name: name,
      client_email: 'ines@gridlight.example',
      technology_sector: 'energy',
      idempotency_key: key,
    },
  });

  async function mailsArrive(count: number): Promise<number> {
    const { smtp } = served;
    for (let i = 0; i < 30 && smtp.received.length < count; i++) await new Promise((r) => setTimeout(r, 100));
    return smtp.received.length;
  }

  it('one mail per idempotency key, naming the client by its User-Agent; then the schedule quota, as in a session', async () => {
    const { smtp } = served;
    const before = smtp.received.length;
    const key = randomUUID();
    const first = await answerOf(await post(call(11, 'tools/call', args(key))));
    const again = await answerOf(await post(call(12, 'tools/call', args(key))));
    expect(first.result?.isError).toBeUndefined();
    expect(again.result).toEqual(first.result);
    expect(await mailsArrive(before + 1)).toBe(before + 1);
    const mail = String(smtp.received.at(-1)?.parsed.text);
    expect(mail).toContain('Channel: MCP\n');
    expect(mail).toContain(`Sent by: ${describeSender(agentFamilyOf(TOOL_PLANE_UA))}\n`);
    // What the caller said of itself stands inside the untrusted block, after its opening marker.
    const block = mail.slice(mail.indexOf("BEGIN REQUESTER'S TEXT"));
    expect(block).toContain(`MCP client: not named\nUser-Agent: ${TOOL_PLANE_UA}\nMCP protocol revision: 2025-03-26`);

    const texts: string[] = [];
    for (let attempt = 0; attempt < SCHEDULE_LIMIT + 1; attempt += 1) {
      const { result } = await answerOf(
        await post(call(20 + attempt, 'tools/call', args(randomUUID(), `Client ${attempt}`))),
      );
      texts.push(ContentSchema.parse(result?.content)[0]?.text ?? '');
    }
    expect(texts.filter((text) => text.startsWith('RATE_LIMITED: ')).length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length - before).toBeLessThanOrEqual(SCHEDULE_LIMIT);
  });
});
