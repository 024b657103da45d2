import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MCP_CACHE_TTL_MS } from '../../../lib/mcp/surface/server';
import type { RunningApp } from '../support/app';
import { startAppWithMail, stopAppWithMail } from '../support/app-with-mail';
import { MCP_ACCEPT, mcpInitialize } from '../support/redis';
import { type TestSmtpServer, startSmtpServer } from '../support/smtp';

/**
 * What docs/mcp-clients.md promises real clients beyond the lifecycle: caching hints on the 2026-07-28 lists and
 * reads, argument completion in both eras, a safe retry of schedule_consultation with an idempotency key, the
 * tolerances' limits (what stays strict), and a client's mistakes answered with -32602 in one line that names the
 * field, or lists the names the server has, with the request's id.
 */
let smtp: TestSmtpServer;
let app: RunningApp;
beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail(startSmtpServer));
});
afterAll(() => stopAppWithMail(app, smtp));

const MODERN = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'features-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${app.url}/api/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: MCP_ACCEPT, ...headers },
    body: JSON.stringify(body),
  });
}

/** A 2026-07-28 request with its envelope and the Mcp-Method/Mcp-Name headers. */
function modern(
  id: number,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  return post(
    { jsonrpc: '2.0', id, method, params: { ...params, _meta: META } },
    { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': method, ...(name ? { 'Mcp-Name': name } : {}), ...headers },
  );
}

async function openSession(): Promise<string> {
  const response = await mcpInitialize(app.url);
  await response.body?.cancel();
  return response.headers.get('mcp-session-id') ?? '';
}

const AnswerSchema = z.object({
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.number(), message: z.string() }).optional(),
});
const answerOf = async (response: Response) => AnswerSchema.parse(await response.json());

describe('caching hints (2026-07-28)', () => {
  it.each([
    ['tools/list', {}],
    ['prompts/list', {}],
    ['resources/list', {}],
    ['resources/templates/list', {}],
    ['resources/read', { uri: 'consultancy://resources/bio' }],
  ])('%s is public for an hour', async (method, params) => {
    const response = await modern(1, method, params);
    expect(response.status).toBe(200);
    const { result } = await answerOf(response);
    expect(result).toMatchObject({ ttlMs: MCP_CACHE_TTL_MS, cacheScope: 'public' });
  });
});

describe('completion/complete for the prompts’ arguments', () => {
  const complete = (name: string, argument: string, value: string) => ({
    ref: { type: 'ref/prompt', name },
    argument: { name: argument, value },
  });

  it('completes sectors and engagement names from content, in both eras', async () => {
    const session = await openSession();
    const legacy = await answerOf(
      await post(
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'completion/complete',
          params: complete('qualify_client', 'technology_sector', 'fin'),
        },
        { 'Mcp-Session-Id': session },
      ),
    );
    const values = z.object({ completion: z.object({ values: z.array(z.string()) }) }).parse(legacy.result)
      .completion.values;
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(value.toLowerCase()).toContain('fin');
    const engagements = await answerOf(
      await modern(2, 'completion/complete', complete('draft_consultation_request', 'engagement', '')),
    );
    const titles = z
      .object({ completion: z.object({ values: z.array(z.string()), total: z.number() }) })
      .parse(engagements.result).completion;
    expect(titles.values).toHaveLength(4);
    expect(titles.total).toBe(4);
  });

  it('a free-text argument completes to nothing; an unknown prompt or argument is -32602', async () => {
    const free = await answerOf(await modern(3, 'completion/complete', complete('qualify_client', 'challenges', 'a')));
    expect(free.result).toMatchObject({ completion: { values: [] } });
    // Names every plain object inherits are unknown arguments too, not a lookup that crashes.
    const unknown = ['no_such_argument', 'constructor', 'toString', '__proto__'];
    for (const params of [
      complete('no_such_prompt', 'x', ''),
      ...unknown.map((name) => complete('qualify_client', name, '')),
    ]) {
      const { error } = await answerOf(await modern(4, 'completion/complete', params));
      expect(error?.code).toBe(-32602);
    }
  });
});

describe('schedule_consultation with an idempotency key', () => {
  const args = (key: string) => ({
    client_name: 'Ines Duarte',
    client_email: 'ines@gridlight.example',
    technology_sector: 'energy',
    idempotency_key: key,
  });

  async function mailsArrive(count: number): Promise<number> {
    for (let i = 0; i < 30 && smtp.received.length < count; i++) await new Promise((r) => setTimeout(r, 100));
    return smtp.received.length;
  }

  it('a repeated call with the same key and arguments sends one mail and replays the first answer (2025 session)', async () => {
    const session = await openSession();
    const before = smtp.received.length;
    const call = (id: number, key: string) =>
      post(
        { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'schedule_consultation', arguments: args(key) } },
        { 'Mcp-Session-Id': session },
      );
    const key = randomUUID();
    const first = await answerOf(await call(1, key));
    const second = await answerOf(await call(2, key));
    expect(first.result?.isError).toBeUndefined();
    expect(second.result).toEqual(first.result);
    expect(await mailsArrive(before + 1)).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before + 1);
  });

  it('2026-07-28: the key also rides in Mcp-Param-Idempotency-Key; a missing or different header is -32020', async () => {
    const before = smtp.received.length;
    const key = randomUUID();
    const call = (id: number, headers: Record<string, string>) =>
      modern(id, 'tools/call', { name: 'schedule_consultation', arguments: args(key) }, headers);
    for (const headers of [{}, { 'Mcp-Param-Idempotency-Key': 'another' }] as Record<string, string>[]) {
      const refused = await call(1, headers);
      expect(refused.status).toBe(400);
      expect((await answerOf(refused)).error?.code).toBe(-32020);
    }
    const first = await answerOf(await call(2, { 'Mcp-Param-Idempotency-Key': key }));
    const again = await answerOf(await call(3, { 'Mcp-Param-Idempotency-Key': key }));
    expect(first.result?.isError).toBeUndefined();
    expect(again.result?.structuredContent).toEqual(first.result?.structuredContent);
    expect(await mailsArrive(before + 1)).toBe(before + 1);
  });

  it('the same key with other arguments is refused, as on REST, and sends nothing', async () => {
    const session = await openSession();
    const key = randomUUID();
    const send = (id: number, name: string) =>
      post(
        {
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'schedule_consultation', arguments: { ...args(key), client_name: name } },
        },
        { 'Mcp-Session-Id': session },
      );
    expect((await answerOf(await send(1, 'Ines Duarte'))).result?.isError).toBeUndefined();
    const before = await mailsArrive(smtp.received.length);
    const reused = await answerOf(await send(2, 'Someone Else'));
    expect(reused.result?.isError).toBe(true);
    expect(JSON.stringify(reused.result)).toContain('IDEMPOTENCY_KEY_REUSED');
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before);
  });
});

describe('what the tolerances leave strict', () => {
  it('an unknown revision in MCP-Protocol-Version is 400, with or without a session', async () => {
    const session = await openSession();
    for (const headers of [{ 'Mcp-Session-Id': session }, {}] as Record<string, string>[]) {
      const response = await post(
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { ...headers, 'MCP-Protocol-Version': '2099-01-01' },
      );
      expect(response.status).toBe(400);
    }
  });

  it('an envelope naming an unknown revision, or a 2026 header without an envelope, keeps the SDK’s error', async () => {
    const unknown = await post(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
      },
      { 'MCP-Protocol-Version': '2025-11-25', 'Mcp-Method': 'tools/list' },
    );
    expect(unknown.status).toBe(400);
    const bare = await post(
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/list' },
    );
    expect(bare.status).toBe(400);
    expect((await answerOf(bare)).error?.code).toBe(-32602);
  });

  it('a 2025 header over a 2026 envelope is served as 2026-07-28', async () => {
    const response = await post(
      { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: META } },
      { 'MCP-Protocol-Version': '2025-11-25', 'Mcp-Method': 'tools/list' },
    );
    expect(response.status).toBe(200);
    expect((await answerOf(response)).result).toHaveProperty('tools');
  });
});

describe('prompts/get with a bad argument', () => {
  it('is -32602 with a short message that names the argument, in both eras', async () => {
    const session = await openSession();
    const bad = { name: 'qualify_client', arguments: { technology_sector: 'x'.repeat(5000), challenges: 7 } };
    const answers = [
      await answerOf(
        await post({ jsonrpc: '2.0', id: 1, method: 'prompts/get', params: bad }, { 'Mcp-Session-Id': session }),
      ),
      await answerOf(await modern(2, 'prompts/get', bad)),
    ];
    for (const { error } of answers) {
      expect(error?.code).toBe(-32602);
      expect(error?.message.length).toBeLessThan(400);
      expect(error?.message).toMatch(/challenges|technology_sector/);
    }
  });
});

describe('one wording for mistakes, in both eras', () => {
  const MistakeSchema = z.object({
    id: z.union([z.string(), z.number()]).nullable(),
    error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }),
  });

  /** The same request in a 2025 session and in 2026-07-28 (with the envelope); each answer must be its -32602. */
  async function mistakesOf(id: number, method: string, params?: Record<string, unknown>) {
    const session = await openSession();
    const legacy = await post(
      { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) },
      { 'Mcp-Session-Id': session },
    );
    const answers = [legacy, await modern(id, method, params)];
    return Promise.all(
      answers.map(async (response) => {
        expect(response.status).toBe(200);
        const answer = MistakeSchema.parse(await response.json());
        expect(answer.id).toBe(id);
        expect(answer.error.code).toBe(-32602);
        expect(answer.error.message).not.toContain('\n');
        expect(answer.error.message.length).toBeLessThan(400);
        return answer.error;
      }),
    );
  }

  it('resources/read and prompts/get without params name the field that is missing', async () => {
    const [legacyRead, modernRead] = await mistakesOf(11, 'resources/read');
    expect(legacyRead?.message).toBe('Invalid params for resources/read: params is required (a JSON object).');
    // A 2026-07-28 request always has params (its envelope); what it lacks is the URI.
    expect(modernRead?.message).toBe('Invalid params for resources/read: params.uri is required (a string).');
    const [legacyGet, modernGet] = await mistakesOf(12, 'prompts/get');
    expect(legacyGet?.message).toBe('Invalid params for prompts/get: params is required (a JSON object).');
    expect(modernGet?.message).toBe('Invalid params for prompts/get: params.name is required (a string).');
  });

  it('tools/list with a number for its cursor, and tools/call with a string for its arguments', async () => {
    for (const error of await mistakesOf(13, 'tools/list', { cursor: 5 })) {
      expect(error.message).toBe('Invalid params for tools/list: params.cursor must be a string, not number.');
    }
    const call = { name: 'evaluate_client_needs', arguments: 'rebrand after a pivot' };
    for (const error of await mistakesOf(14, 'tools/call', call)) {
      expect(error.message).toBe('Invalid params for tools/call: params.arguments must be a JSON object, not string.');
    }
  });

  it('completion/complete with a reference of an unknown type names the types there are', async () => {
    const params = { ref: { type: 'ref/tool', name: 'x' }, argument: { name: 'a', value: '' } };
    for (const error of await mistakesOf(15, 'completion/complete', params)) {
      expect(error.message).toBe(
        'Invalid params for completion/complete: params.ref.type must be "ref/prompt" or "ref/resource".',
      );
    }
  });

  it('an unknown prompt lists the prompts; an unknown resource lists every URI resources/list lists', async () => {
    for (const error of await mistakesOf(16, 'prompts/get', { name: 'nope' })) {
      expect(error.message).toBe(
        'Unknown prompt "nope": this server has qualify_client and draft_consultation_request.',
      );
    }
    const listed = await answerOf(await modern(17, 'resources/list'));
    const uris = z
      .object({ resources: z.array(z.object({ uri: z.string() })) })
      .parse(listed.result)
      .resources.map((resource) => resource.uri);
    expect(uris).toHaveLength(6);
    for (const error of await mistakesOf(18, 'resources/read', { uri: 'consultancy://resources/nope' })) {
      expect(error.message).toMatch(/^Unknown resource "consultancy:\/\/resources\/nope": this server has /);
      for (const uri of uris) expect(error.message).toContain(uri);
      expect(error.data).toEqual({ uri: 'consultancy://resources/nope' });
    }
  });

  it('initialize with empty params keeps its id and names the fields it lacks', async () => {
    const response = await post({ jsonrpc: '2.0', id: 41, method: 'initialize', params: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 41,
      error: {
        code: -32602,
        message:
          'Invalid params for initialize: params.protocolVersion is required (a string); params.capabilities is required (a JSON object); params.clientInfo is required (a JSON object).',
      },
    });
  });

  it('in a 2025 batch only the wrong request is refused; as an event stream the answer is the same', async () => {
    const session = await openSession();
    const batch = await post(
      [
        { jsonrpc: '2.0', id: 21, method: 'tools/list', params: { cursor: 5 } },
        { jsonrpc: '2.0', id: 22, method: 'ping' },
      ],
      { 'Mcp-Session-Id': session },
    );
    expect(batch.status).toBe(200);
    const answers = z.array(z.looseObject({ id: z.number() })).parse(await batch.json());
    expect(answers.find((answer) => answer.id === 21)).toMatchObject({ error: { code: -32602 } });
    expect(answers.find((answer) => answer.id === 22)).toMatchObject({ result: {} });
    const streamed = await modern(23, 'tools/list', { cursor: 5 }, { Accept: 'text/event-stream' });
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const data = /^data: (.*)$/m.exec(await streamed.text())?.[1] ?? '';
    expect(MistakeSchema.parse(JSON.parse(data))).toMatchObject({ id: 23, error: { code: -32602 } });
  });

  it('the instructions count the resources resources/list lists', async () => {
    const response = await mcpInitialize(app.url);
    const { result } = await answerOf(response);
    const { instructions } = z.object({ instructions: z.string() }).parse(result);
    const listed = await answerOf(await modern(24, 'resources/list'));
    const count = z.object({ resources: z.array(z.unknown()) }).parse(listed.result).resources.length;
    expect(instructions).toContain(`${count} read-only resources`);
  });
});
