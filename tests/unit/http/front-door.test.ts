import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_ROUTE, TOOL_ROUTE } from '@/lib/http/api-routes';
import { cachedAnswer } from '@/lib/http/cached-answer';
import { FrontDoor, apiRouteFor } from '@/lib/http/front-door';

/**
 * Issue 6: the front door serves exactly the tool calls and MCP paths; anything Next would treat differently (a
 * trailing slash it redirects, an encoded name it decodes, another path) is left to Next.
 */
describe('the API paths the front door serves', () => {
  it.each([
    ['/api/mcp', 'mcp', {}],
    ['/api/mcp?x=1', 'mcp', {}],
    ['/api/agent/tools/evaluate-client-needs', 'tool', { tool: 'evaluate-client-needs' }],
    ['/api/agent/tools/schedule-consultation?dry=1', 'tool', { tool: 'schedule-consultation' }],
    ['/api/agent/tools/no_such_tool', 'tool', { tool: 'no_such_tool' }],
  ])('%s is served here', (url, kind, params) => {
    const found = apiRouteFor(url);
    expect(found?.route).toBe(kind === 'mcp' ? MCP_ROUTE : TOOL_ROUTE);
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
    expect(apiRouteFor(url)).toBeUndefined();
  });
});

/**
 * A door starts closed, so that nothing is answered before start-up has chosen the stores and started the inbox
 * (a tool call answered earlier would use this process's memory although REDIS_URL is set). A real HTTP server
 * here stands where Next stands: whatever the door leaves, it answers "next".
 */
describe('a front door before and after it is opened', () => {
  const door = new FrontDoor({
    pages: new Map([['/about', cachedAnswer(Buffer.from('<p>about</p>'), { 'content-type': 'text/html' })]]),
  });
  const server = http.createServer((request, response) => {
    if (!door.answer(request, response)) response.end('next');
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (pathname: string, init?: RequestInit) => {
    const response = await fetch(`${base}${pathname}`, init);
    return { status: response.status, body: await response.text() };
  };

  it('leaves every request to Next while closed, pages and API alike', async () => {
    expect(await get('/about')).toEqual({ status: 200, body: 'next' });
    expect(await get('/api/agent/tools/no_such_tool', { method: 'POST', body: '{}' })).toEqual({
      status: 200,
      body: 'next',
    });
  });

  it('answers its pages and the API once opened, and still leaves the rest to Next', async () => {
    door.open();
    expect(await get('/about')).toEqual({ status: 200, body: '<p>about</p>' });
    expect(await get('/contact')).toEqual({ status: 200, body: 'next' });
    const tool = await get('/api/agent/tools/no_such_tool', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(tool.status).toBe(404);
    expect(JSON.parse(tool.body)).toMatchObject({ error: { code: expect.any(String) } });
  });
});
