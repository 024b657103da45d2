import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_ENDPOINT } from '@/lib/agent/tool-endpoint';
import { MCP_ENDPOINT } from '@/lib/discovery/mcp/assembled-endpoint';
import { FastPath, endpointFor } from '@/lib/server/fast-path';
import { requestPipeline } from '@/lib/server/pipeline';
import { replayedAnswers } from '@/lib/server/replayed-answers';

/**
 * The fast path serves exactly the tool calls and MCP paths; anything Next would treat differently (a trailing
 * slash it redirects, an encoded name it decodes, another path) is left to Next.
 */
describe('the API paths the fast path serves', () => {
  it.each([
    ['/api/mcp', 'mcp', {}],
    ['/api/mcp?x=1', 'mcp', {}],
    ['/api/agent/tools/evaluate-client-needs', 'tool', { tool: 'evaluate-client-needs' }],
    ['/api/agent/tools/schedule-consultation?dry=1', 'tool', { tool: 'schedule-consultation' }],
    ['/api/agent/tools/no_such_tool', 'tool', { tool: 'no_such_tool' }],
  ])('%s is served here', (url, kind, params) => {
    const found = endpointFor(url);
    expect(found?.endpoint).toBe(kind === 'mcp' ? MCP_ENDPOINT : TOOL_ENDPOINT);
    expect(found?.params).toEqual(params);
  });

  it.each([
    undefined,
    '/api/mcp/',
    '/API/mcp',
    '/api/mcp/extra',
    '/api/agent/tools',
    '/api/agent/tools/',
    '/api/agent/tools/evaluate-client-needs/',
    '/api/agent/tools/evaluate%2Dclient-needs',
    '/api/agent/tools/a/b',
    '/api/agent',
    '/',
  ])('%s goes to Next', (url) => {
    expect(endpointFor(url)).toBeUndefined();
  });
});

/**
 * The pipeline, in order: the guard, the fast path, then Next. A real HTTP server runs it here with a stand-in
 * for Next that answers "next" and echoes the client address the guard left in X-Forwarded-For.
 */
describe('the request pipeline', () => {
  const about = { status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from('<p>about</p>') };
  const fastPath = new FastPath({
    replayed: replayedAnswers([{ request: { method: 'GET', path: '/about', headers: {} }, recording: about }]),
    endpoints: new Map([[TOOL_ENDPOINT, { headers: { 'access-control-allow-origin': '*' }, vary: ['rsc'] }]]),
  });
  const server = http.createServer(
    requestPipeline(
      { trustProxy: false, isSiteHost: (host) => host?.startsWith('127.0.0.1') ?? false },
      fastPath,
      async (request, response) => {
        response.end(`next ${request.headers['x-forwarded-for']}`);
      },
    ),
  );
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (pathname: string, init?: RequestInit) => {
    const response = await fetch(`${base}${pathname}`, init);
    return { status: response.status, body: await response.text(), vary: response.headers.get('vary') };
  };

  it('answers its pages itself and leaves the rest to Next, after the guard set the client address', async () => {
    expect(await get('/about')).toMatchObject({ status: 200, body: '<p>about</p>' });
    expect(await get('/contact', { headers: { 'x-forwarded-for': '6.6.6.6' } })).toMatchObject({
      status: 200,
      body: 'next 127.0.0.1',
    });
  });

  it('answers the tool calls with the envelope itself, with what Next adds to them', async () => {
    const tool = await get('/api/agent/tools/no_such_tool', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(tool.status).toBe(404);
    expect(JSON.parse(tool.body).error.code).toBe('NOT_FOUND');
    expect(tool.vary).toBe('rsc, Accept-Encoding');
  });

  it('leaves an endpoint Next told it nothing about to Next', async () => {
    expect((await get('/api/mcp')).body).toBe('next 127.0.0.1');
  });

  it('refuses a request for another site by its Host header (DNS rebinding) with the envelope, first of all', async () => {
    const refused = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const request = http.get(`${base}/about`, { headers: { host: 'rebound.example' } }, (answer) => {
        let body = '';
        answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
        answer.on('end', () => resolve({ status: answer.statusCode, body }));
      });
      request.once('error', reject);
    });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).error.code).toBe('FORBIDDEN_HOST');
  });

  it('lets the guard refuse a forged cross-site form post before the fast path or Next', async () => {
    const refused = await get('/contact', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x--\r\n',
    });
    expect(refused.status).toBe(403);
  });
});
