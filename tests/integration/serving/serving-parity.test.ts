import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../support/app';
import { MCP_ACCEPT, comparableHeaders, initializeBody } from '../support/http';
import { originSegment } from '@/lib/site/page-origin';

/**
 * One build served two ways: by the project's server (npm start), which adds only what needs the raw socket in
 * front of Next (lib/security/request-guard.ts), and by bare `next start`, which stands for every way of serving
 * the build without it. For a well-formed request the two answer alike: the same status, body and headers
 * (Cache-Control and Vary included), and the official MCP client works through both.
 */
let front: RunningApp;
let next: RunningApp;

beforeAll(async () => {
  [front, next] = await Promise.all([startApp({}, 'project'), startApp({}, 'next')]);
}, 60_000);

afterAll(async () => {
  await Promise.all([front?.stop(), next?.stop()]);
});

const EVALUATE = JSON.stringify({
  challenges: 'Our Series B pitch deck does not land with investors',
  technology_sector: 'fintech',
});
const INITIALIZE = initializeBody('serving-parity-test');

/** Headers that differ between two answers to the same request: a quota's count, the session made. */
const headersOf = (response: Response) =>
  comparableHeaders(response, ['ratelimit-remaining', 'ratelimit-reset', 'mcp-session-id']);
/**
 * The two apps listen on different ports, so their pages name different origins (and carry that origin's segment,
 * lib/site/page-origin.ts); request ids and session ids are new each time.
 */
const normalise = (text: string, app: RunningApp) =>
  text
    .replaceAll(app.url, '<origin>')
    .replaceAll(originSegment(app.url), '<origin segment>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/"[A-Za-z0-9_-]{40,160}"|"[\w-]+\.[\w-]+\.[\w-]{43}"/g, '"<id>"');

interface Case {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Send initialize first and name its session. */
  session?: boolean;
}

const CASES: Case[] = [
  {
    name: 'evaluate',
    method: 'POST',
    path: '/api/agent/tools/evaluate-client-needs',
    headers: { 'Content-Type': 'application/json' },
    body: EVALUATE,
  },
  {
    name: 'evaluate, query string',
    method: 'POST',
    path: '/api/agent/tools/evaluate-client-needs?x=1',
    headers: { 'Content-Type': 'application/json' },
    body: EVALUATE,
  },
  {
    name: 'evaluate, bad JSON',
    method: 'POST',
    path: '/api/agent/tools/evaluate-client-needs',
    headers: { 'Content-Type': 'application/json' },
    body: '{"challenges":',
  },
  {
    name: 'evaluate, wrong type',
    method: 'POST',
    path: '/api/agent/tools/evaluate-client-needs',
    headers: { 'Content-Type': 'text/plain' },
    body: EVALUATE,
  },
  {
    name: 'evaluate, missing field',
    method: 'POST',
    path: '/api/agent/tools/evaluate-client-needs',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  },
  {
    name: 'evaluate, too large',
    method: 'POST',
    path: '/api/agent/tools/evaluate-client-needs',
    headers: { 'Content-Type': 'application/json' },
    body: `{"challenges":"${'x'.repeat(70_000)}"}`,
  },
  {
    name: 'unknown tool',
    method: 'POST',
    path: '/api/agent/tools/no-such-tool',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  },
  { name: 'GET on a tool', method: 'GET', path: '/api/agent/tools/evaluate-client-needs' },
  { name: 'HEAD on a tool', method: 'HEAD', path: '/api/agent/tools/evaluate-client-needs' },
  { name: 'DELETE on a tool', method: 'DELETE', path: '/api/agent/tools/schedule-consultation' },
  {
    name: 'preflight on a tool',
    method: 'OPTIONS',
    path: '/api/agent/tools/schedule-consultation',
    headers: {
      Origin: 'https://agent.example',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type, idempotency-key',
    },
  },
  { name: 'MCP description', method: 'GET', path: '/api/mcp' },
  { name: 'MCP GET for a stream', method: 'GET', path: '/api/mcp', headers: { Accept: 'text/event-stream' } },
  {
    name: 'MCP initialize',
    method: 'POST',
    path: '/api/mcp',
    headers: { 'Content-Type': 'application/json', Accept: MCP_ACCEPT },
    body: INITIALIZE,
  },
  {
    name: 'MCP tools/call',
    method: 'POST',
    path: '/api/mcp',
    headers: { 'Content-Type': 'application/json', Accept: MCP_ACCEPT },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'evaluate_client_needs', arguments: JSON.parse(EVALUATE) },
    }),
    session: true,
  },
  {
    name: 'MCP tools/call as an event stream',
    method: 'POST',
    path: '/api/mcp',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    session: true,
  },
  {
    name: 'MCP call without a session',
    method: 'POST',
    path: '/api/mcp',
    headers: { 'Content-Type': 'application/json', Accept: MCP_ACCEPT },
    body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  },
  {
    name: 'MCP tools/call without a session',
    method: 'POST',
    path: '/api/mcp',
    headers: { 'Content-Type': 'application/json', Accept: MCP_ACCEPT, 'MCP-Protocol-Version': '2025-06-18' },
    body: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"evaluate_client_needs","arguments":{"challenges":"our pitch deck confuses investors"}}}',
  },
  {
    name: 'MCP parse error',
    method: 'POST',
    path: '/api/mcp',
    headers: { 'Content-Type': 'application/json', Accept: MCP_ACCEPT },
    body: '{',
  },
  { name: 'MCP DELETE without a session', method: 'DELETE', path: '/api/mcp' },
  { name: 'MCP DELETE of a session', method: 'DELETE', path: '/api/mcp', session: true },
  { name: 'PUT on MCP', method: 'PUT', path: '/api/mcp', body: '{}' },
];

async function send(
  app: RunningApp,
  c: Case,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const headers: Record<string, string> = { ...c.headers };
  if (c.session) {
    const init = await fetch(`${app.url}/api/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: MCP_ACCEPT },
      body: INITIALIZE,
    });
    headers['Mcp-Session-Id'] = init.headers.get('mcp-session-id') ?? '';
    await init.text();
  }
  const response = await fetch(`${app.url}${c.path}`, { method: c.method, headers, body: c.body });
  return { status: response.status, headers: headersOf(response), body: normalise(await response.text(), app) };
}

describe('the API answers alike under both servers', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const [viaFront, viaNext] = [await send(front, c), await send(next, c)];
    expect(viaFront.status).toBeLessThan(500);
    expect(viaFront).toEqual(viaNext);
  });

  it('the official MCP client works through both', async () => {
    for (const app of [front, next]) {
      const client = new Client({ name: 'serving-parity-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`)));
      try {
        const result = await client.callTool({ name: 'evaluate_client_needs', arguments: JSON.parse(EVALUATE) });
        expect(result.isError).toBeFalsy();
        expect(JSON.stringify(result.structuredContent)).toMatch(/"recommended"/);
      } finally {
        await client.close();
      }
    }
  });
});

/** The page's ETag and whether Next had it rendered already depend on which of the two asked first. */
const pageHeadersOf = (response: Response) => {
  const headers = headersOf(response);
  delete headers.etag;
  delete headers['x-nextjs-cache'];
  return headers;
};
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('pages answer alike under both servers', () => {
  // With SITE_URL every page names that origin, whatever the request's, so the two servers' pages can be compared.
  let siteFront: RunningApp;
  let siteNext: RunningApp;
  beforeAll(async () => {
    const SITE_URL = 'https://consultancy.example';
    [siteFront, siteNext] = await Promise.all([startApp({ SITE_URL }, 'project'), startApp({ SITE_URL }, 'next')]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([siteFront?.stop(), siteNext?.stop()]);
  });

  const pages = async () => {
    const sitemap = await (await fetch(`${siteNext.url}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '/').pathname);
    expect(paths.length).toBeGreaterThan(10);
    return paths;
  };

  it('every page in the sitemap, as a browser asks for it, with and without gzip: same status, bytes and headers', async () => {
    for (const pathname of await pages()) {
      for (const encoding of ['identity', 'gzip, deflate, br']) {
        const ask = (app: RunningApp) =>
          fetch(`${app.url}${pathname}`, { headers: { Accept: BROWSER, 'Accept-Encoding': encoding } });
        const [viaFront, viaNext] = [await ask(siteFront), await ask(siteNext)];
        expect(viaFront.status, pathname).toBe(200);
        expect(pageHeadersOf(viaFront), pathname).toEqual(pageHeadersOf(viaNext));
        expect(viaFront.headers.get('content-encoding'), pathname).toBe(viaNext.headers.get('content-encoding'));
        expect(await viaFront.text(), pathname).toBe(await viaNext.text());
      }
    }
  });

  it.each([
    ['an RSC request', { rsc: '1' }, '/about'],
    [
      'a segment prefetch',
      { rsc: '1', 'next-router-prefetch': '1', 'next-router-segment-prefetch': '/_tree' },
      '/about',
    ],
    ['a query string', {}, '/about?ref=newsletter'],
    ['Accept: text/markdown', { Accept: 'text/markdown' }, '/about'],
    ['negotiated markdown', { Accept: 'text/html;q=0.5, text/markdown' }, '/about'],
    ['an unknown page', {}, '/no-such-page'],
    ['a trailing slash', {}, '/about/'],
  ])('%s: both answer alike', async (_name, headers: Record<string, string>, pathname) => {
    const ask = (app: RunningApp) =>
      fetch(`${app.url}${pathname}`, { headers: { 'Accept-Encoding': 'identity', ...headers }, redirect: 'manual' });
    const [viaFront, viaNext] = [await ask(front), await ask(next)];
    expect(viaFront.status).toBe(viaNext.status);
    expect(viaFront.headers.get('content-type')).toBe(viaNext.headers.get('content-type'));
    expect(normalise(await viaFront.text(), front)).toBe(normalise(await viaNext.text(), next));
  });
});

/** A GET, or a POST of a JSON body, with a Host header of our choosing (fetch sets its own). */
function requestWithHost(
  url: string,
  host: string,
  json?: string,
): Promise<{ status: number; headers: Headers; body: string }> {
  return new Promise((resolve, reject) => {
    const method = json === undefined ? 'GET' : 'POST';
    const headers = json === undefined ? { host } : { host, 'content-type': 'application/json', accept: MCP_ACCEPT };
    const request = http.request(url, { method, headers }, (answer) => {
      let body = '';
      answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
      answer.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers))
          if (typeof value === 'string') headers.set(name, value);
        resolve({ status: answer.statusCode ?? 0, headers, body });
      });
    });
    request.once('error', reject);
    request.end(json);
  });
}

describe('DNS rebinding: a request for another site is refused before any handler, the same either way', () => {
  it.each(['/api/mcp', '/api/agent', '/about', '/llms.txt'])('%s with a foreign Host', async (pathname) => {
    const viaFront = await requestWithHost(`${front.url}${pathname}`, 'rebound.example');
    const viaNext = await requestWithHost(`${next.url}${pathname}`, 'rebound.example');
    expect(viaFront.status).toBe(403);
    expect(JSON.parse(viaFront.body).error.code).toBe('FORBIDDEN_HOST');
    expect(viaFront.body).toBe(viaNext.body);
    expect(viaNext.status).toBe(403);
    const headers = (answer: { headers: Headers }) =>
      comparableHeaders(new Response(null, { headers: answer.headers }));
    expect(headers(viaFront)).toEqual(headers(viaNext));
  });

  // The API's calls are left out of proxy.ts's matcher; their endpoints refuse a foreign Host themselves.
  it.each([
    ['/api/mcp', INITIALIZE],
    ['/api/agent/tools/evaluate-client-needs', EVALUATE],
    ['/api/agent/tools/schedule-consultation', '{}'],
  ])('a JSON POST to %s with a foreign Host', async (pathname, body) => {
    for (const app of [front, next]) {
      const answer = await requestWithHost(`${app.url}${pathname}`, 'rebound.example', body);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body).error.code).toBe('FORBIDDEN_HOST');
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('the same paths under a loopback name with any port are served', async () => {
    for (const app of [front, next]) {
      expect((await requestWithHost(`${app.url}/llms.txt`, 'localhost:9')).status).toBe(200);
      expect((await requestWithHost(`${app.url}/llms.txt`, '[::1]')).status).toBe(200);
    }
  });
});
