import { API_VERSION } from '../../../lib/api-version';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpManifestSchema, McpServerDescriptionSchema } from '../../../lib/discovery/mcp/mcp-document-schemas';
import { ServerCardSchema } from '../../../lib/discovery/mcp/server-card-schema';
import { type RunningApp, startApp } from '../support/app';
import { type TestSmtpServer, startSmtpServer } from '../support/smtp';

/** The Streamable HTTP transport (2025-03-26) spoken by hand with fetch: sessions, versions, batches, errors, CORS. */
let app: RunningApp;

beforeAll(async () => {
  app = await startApp({ OUTBOX_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-')) });
});
afterAll(async () => {
  await app?.stop();
});

const BOTH = 'application/json, text/event-stream';
const initialize = (protocolVersion = '2025-03-26', id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw-fetch', version: '1.0.0' } },
});
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };
const call = (id: number | string, method: string, params?: unknown) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
});

function mcp(method: string, headers: Record<string, string> = {}, body?: unknown): Promise<Response> {
  return fetch(`${app.url}/api/mcp`, {
    method,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', Accept: BOTH, ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const post = (body: unknown, headers: Record<string, string> = {}) => mcp('POST', headers, body);

/** initialize + notifications/initialized; returns the session id. */
async function openSession(protocolVersion = '2025-03-26'): Promise<string> {
  const response = await post(initialize(protocolVersion));
  expect(response.status).toBe(200);
  await response.body?.cancel();
  const id = response.headers.get('mcp-session-id') ?? '';
  expect((await post(INITIALIZED, { 'Mcp-Session-Id': id })).status).toBe(202);
  return id;
}

async function expectEnvelope(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await response.json();
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error).sort()).toEqual(['code', 'message', 'resolution']);
  expect(body.error.code).toBe(code);
  return body.error as { code: string; message: string; resolution: string };
}

async function expectJsonRpcError(response: Response, code: number) {
  expect(response.status).toBe(400);
  const body = await response.json();
  expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code } });
  expect(body.error.message.length).toBeGreaterThan(10);
  expect(body.error.data.resolution.length).toBeGreaterThan(10);
}

/** The JSON-RPC messages of an SSE body. */
const sseMessages = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)));

describe('lifecycle at 2025-03-26', () => {
  it('initialize issues a fresh random Mcp-Session-Id and answers 2025-03-26 as application/json', async () => {
    const response = await post(initialize());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('mcp-protocol-version')).toBe('2025-03-26');
    const id = response.headers.get('mcp-session-id');
    expect(id).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const body = await response.json();
    expect(body).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { protocolVersion: '2025-03-26', serverInfo: { version: API_VERSION } },
    });
    expect(body.result.capabilities).toEqual({
      resources: { listChanged: false },
      prompts: { listChanged: false },
      tools: {},
      completions: {},
    });
    const other = await post(initialize());
    expect(other.headers.get('mcp-session-id')).not.toBe(id);
  });

  it('notifications/initialized gives 202 with no body', async () => {
    const response = await post(initialize());
    const id = response.headers.get('mcp-session-id') ?? '';
    const accepted = await post(INITIALIZED, { 'Mcp-Session-Id': id });
    expect(accepted.status).toBe(202);
    expect(await accepted.text()).toBe('');
  });

  it('a batch of requests and a notification gets one array with an answer per request', async () => {
    const session = await openSession();
    const response = await post(
      [
        call('a', 'tools/list'),
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'zzz' } },
        call('b', 'resources/read', { uri: 'consultancy://resources/bio' }),
        call('c', 'tools/call', {
          name: 'evaluate_client_needs',
          arguments: { challenges: 'rebrand after a pivot', technology_sector: 'saas' },
        }),
      ],
      { 'Mcp-Session-Id': session },
    );
    expect(response.status).toBe(200);
    const answers = await response.json();
    expect(Array.isArray(answers)).toBe(true);
    expect(answers.map((answer: { id: string }) => answer.id).sort()).toEqual(['a', 'b', 'c']);
    for (const answer of answers) expect(answer.result).toBeDefined();
    const single = await post([call(7, 'prompts/list')], { 'Mcp-Session-Id': session });
    const one = await single.json();
    expect(one).toHaveLength(1);
    expect(one[0].id).toBe(7);
  });

  it('a bad tool argument is a 200 result with isError that says what to fix', async () => {
    const session = await openSession();
    const response = await post(
      call(3, 'tools/call', { name: 'evaluate_client_needs', arguments: { challenges: '' } }),
      { 'Mcp-Session-Id': session },
    );
    expect(response.status).toBe(200);
    const { result } = await response.json();
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/challenges must not be empty; technology_sector is required/);
  });

  it('POST answers text/event-stream when the client accepts only that', async () => {
    const init = await post(initialize(), { Accept: 'text/event-stream' });
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toBe('text/event-stream');
    const session = init.headers.get('mcp-session-id') ?? '';
    expect(sseMessages(await init.text())[0]).toMatchObject({ id: 1, result: { protocolVersion: '2025-03-26' } });
    const listed = await post(call(2, 'tools/list'), { Accept: 'text/event-stream', 'Mcp-Session-Id': session });
    expect(listed.headers.get('content-type')).toBe('text/event-stream');
    const [answer] = sseMessages(await listed.text());
    expect(answer.result.tools).toHaveLength(5);
  });

  it('refuses a client that accepts neither type (406) and a body not sent as JSON (415)', async () => {
    await expectEnvelope(await post(initialize(), { Accept: 'text/html' }), 406, 'NOT_ACCEPTABLE');
    await expectEnvelope(await post(initialize(), { 'Content-Type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('protocol versions', () => {
  it.each([['2025-03-26'], ['2025-06-18'], ['2024-11-05'], [LATEST_PROTOCOL_VERSION]])(
    'a client asking for %s gets it',
    async (version) => {
      const response = await post(initialize(version));
      expect((await response.json()).result.protocolVersion).toBe(version);
      expect(response.headers.get('mcp-protocol-version')).toBe(version);
    },
  );

  it('a revision the server does not know is answered with the latest it supports', async () => {
    const response = await post(initialize('2099-01-01'));
    expect((await response.json()).result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    expect(response.headers.get('mcp-protocol-version')).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('MCP-Protocol-Version may name any served revision on a session; an unsupported one is 400', async () => {
    const session = await openSession('2025-03-26');
    expect((await post(call(1, 'ping'), { 'Mcp-Session-Id': session })).status).toBe(200);
    for (const version of ['2025-03-26', '2025-06-18', '2025-11-25']) {
      const response = await post(call(2, 'ping'), { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': version });
      expect(response.status).toBe(200);
      expect(response.headers.get('mcp-protocol-version')).toBe('2025-03-26');
    }
    const other = await expectEnvelope(
      await post(call(3, 'ping'), { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2099-01-01' }),
      400,
      'UNSUPPORTED_PROTOCOL_VERSION',
    );
    expect(other.message).toContain('2099-01-01');
    expect(other.resolution).toContain('2026-07-28');
    await expectEnvelope(
      await post(call(4, 'ping'), { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': 'banana' }),
      400,
      'UNSUPPORTED_PROTOCOL_VERSION',
    );
    await expectEnvelope(
      await post(call(5, 'ping'), { 'MCP-Protocol-Version': 'banana' }),
      400,
      'UNSUPPORTED_PROTOCOL_VERSION',
    );
  });
});

describe('malformed messages', () => {
  it('malformed JSON: 400 with a JSON-RPC parse error (-32700)', async () => {
    await expectJsonRpcError(await post('{"jsonrpc": "2.0", "id": 1, "method": '), -32700);
    await expectJsonRpcError(await post(''), -32700);
  });

  it('JSON that is not JSON-RPC, an empty batch, or initialize inside a batch: 400 invalid request (-32600)', async () => {
    await expectJsonRpcError(await post({ hello: 'world' }), -32600);
    await expectJsonRpcError(await post([]), -32600);
    await expectJsonRpcError(await post([initialize(), call(2, 'ping')]), -32600);
    await expectJsonRpcError(await post([initialize()]), -32600);
    // initialize with bad params is the -32602 of every method (mcp-client-features.test.ts, "one wording").
  });
});

describe('sessions', () => {
  it('a request without Mcp-Session-Id is served without a session; only DELETE needs one: 400', async () => {
    const listed = await post(call(1, 'tools/list'));
    expect(listed.status).toBe(200);
    expect(listed.headers.get('mcp-session-id')).toBeNull();
    expect(listed.headers.get('mcp-protocol-version')).toBe('2025-03-26');
    expect((await listed.json()).result.tools.length).toBeGreaterThan(0);
    expect((await post(INITIALIZED)).status).toBe(202);
    const error = await expectEnvelope(await mcp('DELETE'), 400, 'SESSION_REQUIRED');
    expect(error.resolution).toContain('Mcp-Session-Id');
  });

  it('an unknown or malformed session id: 404, so the client initializes again', async () => {
    const unknown = 'A'.repeat(43);
    const error = await expectEnvelope(
      await post(call(1, 'tools/list'), { 'Mcp-Session-Id': unknown }),
      404,
      'NOT_FOUND',
    );
    expect(error.resolution).toContain('initialize');
    await expectEnvelope(await post(call(1, 'tools/list'), { 'Mcp-Session-Id': 'not-a-session' }), 404, 'NOT_FOUND');
  });

  it('DELETE ends the session (200 with a JSON body); twice: 404 with the envelope; then every request: 404', async () => {
    const session = await openSession();
    const ended = await mcp('DELETE', { 'Mcp-Session-Id': session });
    expect(ended.status).toBe(200);
    expect(ended.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await ended.json()).toEqual({
      sessionId: session,
      ended: true,
      message: expect.stringContaining('initialize'),
    });
    await expectEnvelope(await mcp('DELETE', { 'Mcp-Session-Id': session }), 404, 'NOT_FOUND');
    await expectEnvelope(await post(call(2, 'tools/list'), { 'Mcp-Session-Id': session }), 404, 'NOT_FOUND');
    await expectEnvelope(
      await mcp('GET', { 'Mcp-Session-Id': session, Accept: 'text/event-stream' }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('GET /api/mcp', () => {
  it.each([
    ['no Accept', {}],
    ['a browser', { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }],
    ['curl', { Accept: '*/*' }],
  ])('without a session (%s): the McpServerDescription at once', async (_label, headers) => {
    const response = await mcp('GET', headers);
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toMatch(/Mcp-Session-Id/);
    const description = McpServerDescriptionSchema.strict().parse(await response.json());
    expect(description.jsonrpc).toBe('2.0');
    expect(description.id).toBeNull();
    expect(Object.keys(description.result).sort()).toEqual([
      'prompts',
      'protocolVersion',
      'protocolVersions',
      'resources',
      'serverInfo',
      'tools',
      'transport',
    ]);
    expect(description.result).toMatchObject({
      transport: 'streamable-http',
      protocolVersion: '2025-03-26',
      serverInfo: { version: API_VERSION },
    });
    expect(description.result.tools).toEqual([
      'evaluate_client_needs',
      'schedule_consultation',
      'search',
      'fetch',
      'prepare_consultation_request',
    ]);
    expect(description.result.prompts).toEqual(['qualify_client', 'draft_consultation_request']);
    expect(description.result.resources).toHaveLength(6); // the four resources and the two MCP Apps views
    expect(description.result.protocolVersions).toEqual([
      '2024-11-05',
      '2025-03-26',
      '2025-06-18',
      '2025-11-25',
      '2026-07-28',
    ]);
  });

  it('from an MCP client (a session, or accepting only text/event-stream): 405, never the description', async () => {
    const session = await openSession();
    const asked: Record<string, string>[] = [
      { 'Mcp-Session-Id': session, Accept: 'text/event-stream' },
      { Accept: 'text/event-stream' },
      { 'Mcp-Session-Id': session },
    ];
    for (const headers of asked) {
      const response = await mcp('GET', headers);
      expect(response.headers.get('allow')).toBe('GET, POST, DELETE, HEAD, OPTIONS');
      await expectEnvelope(response, 405, 'METHOD_NOT_ALLOWED');
    }
  });

  it('PUT and PATCH: 405 with the envelope', async () => {
    for (const method of ['PUT', 'PATCH']) await expectEnvelope(await mcp(method), 405, 'METHOD_NOT_ALLOWED');
  });
});

describe('CORS and shared headers on every MCP response', () => {
  it('every kind of answer carries Access-Control-Allow-Origin, the exposed MCP headers and REST-Version', async () => {
    const session = await openSession();
    const responses = [
      await post(initialize()),
      await post(INITIALIZED, { 'Mcp-Session-Id': session }),
      await post(call(1, 'tools/list'), { 'Mcp-Session-Id': session }),
      await post(call(2, 'tools/list'), { 'Mcp-Session-Id': session, Accept: 'text/event-stream' }),
      await post('{'),
      await mcp('DELETE'),
      await post(call(4, 'tools/list'), { 'Mcp-Session-Id': 'B'.repeat(43) }),
      await mcp('GET'),
      await mcp('GET', { 'Mcp-Session-Id': session }),
      await mcp('DELETE', { 'Mcp-Session-Id': session }),
      await fetch(`${app.url}/mcp.json`),
    ];
    expect(responses.map((response) => response.status)).toEqual([
      200, 202, 200, 200, 400, 400, 404, 200, 405, 200, 200,
    ]);
    for (const response of responses) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toMatch(/Mcp-Session-Id.*MCP-Protocol-Version/);
      expect(response.headers.get('rest-version')).toBe(API_VERSION);
      await response.body?.cancel();
    }
  });

  it.each(['/api/mcp', '/mcp.json'])('a preflight on %s allows the MCP methods and headers', async (pathname) => {
    const response = await fetch(`${app.url}${pathname}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://inspector.example',
        'Access-Control-Request-Method': 'DELETE',
        'Access-Control-Request-Headers': 'content-type, mcp-session-id, mcp-protocol-version, last-event-id',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const methods = response.headers.get('access-control-allow-methods') ?? '';
    for (const method of ['GET', 'POST', 'DELETE']) expect(methods).toContain(method);
    const allowed = response.headers.get('access-control-allow-headers') ?? '';
    for (const header of [
      'Content-Type',
      'Mcp-Session-Id',
      'MCP-Protocol-Version',
      'Mcp-Method',
      'Mcp-Name',
      'Last-Event-ID',
    ])
      expect(allowed).toContain(header);
    expect(response.headers.get('access-control-expose-headers')).toMatch(/Mcp-Session-Id.*MCP-Protocol-Version/);
  });
});

describe('GET /mcp.json', () => {
  it('is the McpManifest with absolute URLs on the request origin and the version', async () => {
    const response = await fetch(`${app.url}/mcp.json`);
    expect(response.status).toBe(200);
    const manifest = McpManifestSchema.strict().parse(await response.json());
    const rest = await (await fetch(`${app.url}/api/agent`)).json();
    expect(manifest).toEqual({
      name: rest.name,
      version: API_VERSION,
      transport: 'streamable-http',
      protocolVersions: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
      endpoint: `${app.url}/api/mcp`,
      restApiFallback: `${app.url}/api/agent`,
    });
    expect(manifest.endpoint).toBe(rest.mcp);
    expect((await fetch(manifest.endpoint)).status).toBe(200);
  });
});

describe('discovery of the MCP server', () => {
  it('/.well-known/mcp/server-card.json is the draft server card: endpoint, revisions, tools with annotations', async () => {
    const response = await fetch(`${app.url}/.well-known/mcp/server-card.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/mcp-server-card+json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const card = ServerCardSchema.strict().parse(await response.json());
    expect(card).toMatchObject({ version: API_VERSION, websiteUrl: app.url });
    expect(card.name).toBe('127.0.0.1/plainword');
    expect(card.remotes).toEqual([
      {
        type: 'streamable-http',
        url: `${app.url}/api/mcp`,
        supportedProtocolVersions: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
      },
    ]);
    const tools = card._meta['plainword/tools'] ?? [];
    expect(tools.map((tool) => [tool.name, tool.annotations])).toEqual([
      [
        'evaluate_client_needs',
        { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      ],
      [
        'schedule_consultation',
        { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      ],
      ['search', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }],
      ['fetch', { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }],
      [
        'prepare_consultation_request',
        { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      ],
    ]);
  });

  it('the RFC 9727 catalog, llms.txt and the agents page point to the server card and name the revisions', async () => {
    const { linkset } = await (await fetch(`${app.url}/.well-known/api-catalog`)).json();
    const entry = linkset.find((item: { anchor: string }) => new URL(item.anchor).pathname === '/api/mcp');
    expect(entry['service-meta'].map((link: { href: string }) => new URL(link.href).pathname)).toEqual([
      '/api/mcp/server-card',
      '/mcp.json',
    ]);
    const llms = await (await fetch(`${app.url}/llms.txt`)).text();
    expect(llms).toContain('/api/mcp/server-card');
    expect(llms).toMatch(
      /MCP manifest\]\(.*\): .*2025-03-26, 2025-06-18, 2025-11-25 with sessions, and 2026-07-28 statelessly/,
    );
    const agents = await (await fetch(`${app.url}/agents`)).text();
    expect(agents).toContain('2026-07-28');
    expect(agents).toContain('/api/mcp/server-card');
  });
});

describe('quotas, mail failures and SITE_URL over MCP', () => {
  let smtp: TestSmtpServer;
  let limited: RunningApp;
  beforeAll(async () => {
    smtp = await startSmtpServer({ rejectRecipients: true });
    limited = await startApp(
      smtp.env({ RATE_LIMIT_PER_MINUTE: '12', SCHEDULE_LIMIT_PER_HOUR: '1', SITE_URL: 'https://consultant.example' }),
    );
  });
  afterAll(async () => {
    await limited?.stop();
    await smtp?.close();
  });

  const send = (body: unknown, session?: string) =>
    fetch(`${limited.url}/api/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: BOTH, ...(session ? { 'Mcp-Session-Id': session } : {}) },
      body: JSON.stringify(body),
    });
  const schedule = {
    name: 'schedule_consultation',
    arguments: { client_name: 'Priya Raman', client_email: 'priya@ledgerline.example' },
  };

  it('tool failures are error results: a refused mail, then the mail quota; every POST counts against the general quota', async () => {
    const init = await send(initialize());
    const session = init.headers.get('mcp-session-id') ?? '';
    expect(init.headers.get('ratelimit-limit')).toBe('12');
    expect(init.headers.get('ratelimit-remaining')).toBe('11');

    const refused = await (await send(call(2, 'tools/call', schedule), session)).json();
    expect(refused.result.isError).toBe(true);
    expect(refused.result.content[0].text).toMatch(/^MAIL_DELIVERY_FAILED: /);
    const limitedCall = await (await send(call(3, 'tools/call', schedule), session)).json();
    expect(limitedCall.result.isError).toBe(true);
    expect(limitedCall.result.content[0].text).toMatch(/^RATE_LIMITED: .*schedule quota is 1 per hour/);

    const manifest = await (await fetch(`${limited.url}/mcp.json`)).json();
    expect(manifest.endpoint).toBe('https://consultant.example/api/mcp');
    expect(manifest.restApiFallback).toBe('https://consultant.example/api/agent');

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20 && !statuses.includes(429); attempt += 1) {
      const response = await send(call(10 + attempt, 'ping'), session);
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
        await expectEnvelope(response, 429, 'RATE_LIMITED');
      } else await response.body?.cancel();
    }
    // 12 per minute: initialize, two tool calls and /mcp.json used 4, so the ninth ping is refused.
    expect(statuses).toEqual([...Array(8).fill(200), 429]);
  });

  it('a 2026-07-28 request counts against the same quota and is refused with the same envelope', async () => {
    const response = await fetch(`${limited.url}/api/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: BOTH,
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'tools/list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
      }),
    });
    expect(response.headers.get('ratelimit-limit')).toBe('12');
    await expectEnvelope(response, 429, 'RATE_LIMITED');
  });
});

describe('the 2026-07-28 revision, without a session', () => {
  const MODERN = '2026-07-28';
  /** A 2026-07-28 request: the revision and client in `_meta`, the method (and tool) in headers. */
  const modern = (id: number, method: string, params: Record<string, unknown> = {}, version = MODERN) =>
    post(
      {
        jsonrpc: '2.0',
        id,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': version,
            'io.modelcontextprotocol/clientInfo': { name: 'raw-fetch', version: '1.0.0' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      },
      {
        'MCP-Protocol-Version': version,
        'Mcp-Method': method,
        ...(typeof params.name === 'string' ? { 'Mcp-Name': params.name } : {}),
      },
    );

  it('server/discover names the revisions, the server and its capabilities', async () => {
    const response = await modern(1, 'server/discover');
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    const { result } = await response.json();
    expect(result.supportedVersions).toContain(MODERN);
    expect(result._meta['io.modelcontextprotocol/serverInfo']).toMatchObject({ version: API_VERSION });
    expect(Object.keys(result.capabilities).sort()).toEqual(['completions', 'prompts', 'resources', 'tools']);
  });

  it('tools/list and tools/call work without initialize or Mcp-Session-Id', async () => {
    const listed = await modern(2, 'tools/list');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('mcp-session-id')).toBeNull();
    const { result } = await listed.json();
    expect(result.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'evaluate_client_needs',
      'schedule_consultation',
      'search',
      'fetch',
      'prepare_consultation_request',
    ]);
    const called = await modern(3, 'tools/call', {
      name: 'evaluate_client_needs',
      arguments: { challenges: 'rebrand after a pivot', technology_sector: 'saas' },
    });
    expect(called.status).toBe(200);
    const answer = await called.json();
    expect(answer.result.structuredContent.recommended.key).toBeTruthy();
  });

  it('the same request without the envelope is a 2025 request, served without a session at 2025-03-26', async () => {
    const response = await post(call(4, 'tools/list'));
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-protocol-version')).toBe('2025-03-26');
    expect((await response.json()).result.tools.length).toBeGreaterThan(0);
  });

  it('a 2026-07-28 header without the envelope is answered as that revision says: -32602 naming what is missing', async () => {
    const response = await post(call(6, 'tools/list'), { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/list' });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toContain('_meta');
  });

  it("a revision it does not serve is answered with that revision's error: -32022 naming the supported ones", async () => {
    const response = await modern(5, 'tools/list', {}, '2099-01-01');
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe(-32022);
    expect(body.error.data.supported).toContain(MODERN);
  });
});
