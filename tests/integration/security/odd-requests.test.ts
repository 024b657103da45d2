import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { API_VERSION } from '../../../lib/api-version';
import { defaultAppServer } from '../support/app';
import { appForThisFile } from '../support/app-for-file';
import { type RawAnswer, rawRequest } from '../support/raw-http';

/**
 * Odd methods and request targets are a client's mistake: under /api the envelope with the right status, elsewhere
 * a plain 4xx, and never a stack trace in the log. Rows marked `projectOnly` break Next before any code of the
 * project runs; without the project's server a front proxy must refuse them (docs/deployment.md, "In front of bare
 * next start").
 */
const server = defaultAppServer();
const served = appForThisFile();

interface Row {
  name: string;
  head: (host: string) => string;
  expected: (answer: RawAnswer) => void;
  projectOnly?: boolean;
}

function envelope(answer: RawAnswer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as { error: { code: string; message: string; resolution: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.resolution.length).toBeGreaterThan(10);
}

function plain(answer: RawAnswer, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  expect(answer.body.length).toBeGreaterThan(0);
}

const ROWS: Row[] = [
  {
    name: 'TRACE on a page: plain 405 with the pages’ Allow',
    head: (host) => `TRACE /about HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => {
      plain(answer, 405);
      expect(answer.headers.allow).toBe('GET, HEAD');
    },
    projectOnly: true,
  },
  {
    name: 'TRACE on the manifest: 405 envelope with the manifest’s Allow',
    head: (host) => `TRACE /api/agent HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => {
      envelope(answer, 405, 'METHOD_NOT_ALLOWED');
      expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    },
    projectOnly: true,
  },
  {
    name: 'TRACK and CONNECT-like methods on the MCP endpoint: 405 envelope',
    head: (host) => `TRACK /api/mcp HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => envelope(answer, 405, 'METHOD_NOT_ALLOWED'),
    projectOnly: true,
  },
  {
    name: 'OPTIONS *: 204 naming every method the site has',
    head: (host) => `OPTIONS * HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => {
      expect(answer.status).toBe(204);
      expect(answer.headers.allow).toBe('GET, HEAD, POST, DELETE, OPTIONS');
    },
    projectOnly: true,
  },
  {
    name: 'GET *: plain 400',
    head: (host) => `GET * HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => plain(answer, 400),
    projectOnly: true,
  },
  {
    name: 'PROPFIND on the manifest: 405 envelope with Allow',
    head: (host) => `PROPFIND /api/agent HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => {
      envelope(answer, 405, 'METHOD_NOT_ALLOWED');
      expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    },
  },
  {
    name: 'PROPFIND on a tool: 405 envelope with the tool’s Allow',
    head: (host) => `PROPFIND /api/agent/tools/evaluate-client-needs HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => {
      envelope(answer, 405, 'METHOD_NOT_ALLOWED');
      expect(answer.headers.allow).toBe('POST, OPTIONS');
    },
  },
  {
    name: 'PROPFIND on the server card: 405 envelope with its Allow',
    head: (host) => `PROPFIND /api/mcp/server-card HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => {
      envelope(answer, 405, 'METHOD_NOT_ALLOWED');
      expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    },
  },
  {
    name: 'MKCOL where no endpoint is: 404 envelope',
    head: (host) => `MKCOL /api/nothing HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => envelope(answer, 404, 'NOT_FOUND'),
  },
  {
    name: 'PROPFIND on a page: plain 405',
    head: (host) => `PROPFIND /about HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => {
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD');
    },
  },
  {
    name: 'a method Node’s parser does not know, under /api: 405 envelope',
    head: (host) => `BREW /api/agent HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => {
      envelope(answer, 405, 'METHOD_NOT_ALLOWED');
      expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    },
    projectOnly: true,
  },
  {
    name: 'exactly /api: 404 envelope, not the HTML not-found page',
    head: (host) => `GET /api HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => envelope(answer, 404, 'NOT_FOUND'),
  },
  {
    name: 'POST exactly /api: 404 envelope',
    head: (host) => `POST /api HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0`,
    expected: (answer) => envelope(answer, 404, 'NOT_FOUND'),
  },
  {
    name: 'a malformed escape under /api: 404 envelope',
    head: (host) => `GET /api/agent/resources/%ff HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => envelope(answer, 404, 'NOT_FOUND'),
    projectOnly: true,
  },
  {
    name: 'an absolute-form target naming another site: refused, never a redirect there',
    head: (host) => `GET http://evil.example/api/agent HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => {
      envelope(answer, 403, 'FORBIDDEN_HOST');
      expect(answer.headers.location).toBeUndefined();
    },
    projectOnly: true,
  },
  {
    name: 'an absolute-form target naming another site, Host too: refused',
    head: () => `GET http://evil.example/api/agent/ HTTP/1.1\r\nHost: evil.example`,
    expected: (answer) => {
      envelope(answer, 403, 'FORBIDDEN_HOST');
      expect(answer.headers.location).toBeUndefined();
    },
    projectOnly: true,
  },
  {
    name: 'an absolute-form target naming this site: served as its path',
    head: (host) => `GET http://${host}/api/agent HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toHaveProperty('tools');
    },
    projectOnly: true,
  },
  {
    name: 'an absolute-form target with another scheme: plain 400',
    head: (host) => `GET javascript://${host}/api/agent HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => plain(answer, 400),
    projectOnly: true,
  },
  {
    name: 'two Host headers: plain 400',
    head: (host) => `GET /api/agent HTTP/1.1\r\nHost: ${host}\r\nHost: evil.example`,
    expected: (answer) => plain(answer, 400),
    projectOnly: true,
  },
  {
    name: 'PROPFIND on the manifest with a trailing slash: 405 envelope with the manifest’s Allow',
    head: (host) => `PROPFIND /api/agent/ HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => {
      envelope(answer, 405, 'METHOD_NOT_ALLOWED');
      expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    },
  },
  {
    name: 'a page with a trailing slash: 308 to the page, with the shared headers',
    head: (host) => `GET /about/?x=1 HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => {
      expect(answer.status).toBe(308);
      expect(answer.headers.location).toBe('/about?x=1');
      expect(answer.headers['access-control-allow-origin']).toBe('*');
    },
  },
  {
    name: 'a trailing-slash redirect stays on this site',
    head: (host) => `GET //evil.example/about/ HTTP/1.1\r\nHost: ${host}`,
    expected: (answer) => {
      expect(answer.status).toBe(308);
      expect(answer.headers.location).toMatch(/^\/[^/\\]/);
    },
  },
];

describe(`odd methods and request targets (${server === 'project' ? "the project's server" : 'next start'})`, () => {
  for (const row of ROWS) {
    it.skipIf(row.projectOnly && server === 'next')(row.name, async () => {
      const host = new URL(served.app.url).host;
      row.expected(await rawRequest(served.app.url, row.head(host)));
    });
  }

  it('logs no stack trace for any of them', async () => {
    const host = new URL(served.app.url).host;
    for (const row of ROWS)
      if (!(row.projectOnly && server === 'next')) await rawRequest(served.app.url, row.head(host));
    const log = await served.app.outputShowing(/never/, 300);
    expect(log).not.toMatch(/^\s+at /m);
    expect(log).not.toMatch(/Error:/);
  });
});

/** What a browser on another origin sends, and the headers every answer to it must carry (docs/agent-api.md). */
const FROM_A_BROWSER = { Origin: 'https://client.example' };

function expectSharedHeaders(response: Response): void {
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('rest-version')).toBe(API_VERSION);
  expect(response.headers.get('access-control-expose-headers')).toContain('REST-Version');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

const EVALUATE = { challenges: 'Our Series B pitch deck does not land with investors', technology_sector: 'fintech' };
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'odd-requests', version: '1.0.0' } },
};
const MCP_ACCEPT = 'application/json, text/event-stream';

describe(`a trailing slash under /api is served as the path without it (${server})`, () => {
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${served.app.url}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...FROM_A_BROWSER, ...(init.headers as Record<string, string>) },
    });

  it('GET /api/agent/: the manifest, with the shared headers', async () => {
    const response = await call('/api/agent/');
    expect(response.status).toBe(200);
    expectSharedHeaders(response);
    expect(await response.json()).toHaveProperty('tools');
  });

  it('POST /api/mcp/: initialize answered, with the shared headers', async () => {
    const response = await call('/api/mcp/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: MCP_ACCEPT },
      body: JSON.stringify(INITIALIZE),
    });
    expect(response.status).toBe(200);
    expectSharedHeaders(response);
    expect(await response.json()).toMatchObject({ id: 1, result: { protocolVersion: '2025-03-26' } });
  });

  it('a preflight of POST /api/mcp/: 204, never a redirect (browsers refuse a redirected preflight)', async () => {
    const response = await call('/api/mcp/', {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(response.status).toBe(204);
    expectSharedHeaders(response);
    expect(response.headers.get('allow')).toBe('GET, POST, DELETE, HEAD, OPTIONS');
  });

  it('POST /api/agent/tools/evaluate-client-needs/: the tool runs', async () => {
    const response = await call('/api/agent/tools/evaluate-client-needs/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(EVALUATE),
    });
    expect(response.status).toBe(200);
    expectSharedHeaders(response);
    expect(await response.json()).toHaveProperty('recommended.key');
  });

  it('an unknown path with a trailing slash: the 404 envelope', async () => {
    const response = await call('/api/nothing/');
    expect(response.status).toBe(404);
    expectSharedHeaders(response);
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe(`a body sent with a content coding other than identity (${server})`, () => {
  const post = (path: string, body: BodyInit, headers: Record<string, string>) =>
    fetch(`${served.app.url}${path}`, {
      method: 'POST',
      headers: { ...FROM_A_BROWSER, 'Content-Type': 'application/json', ...headers },
      body,
    });

  async function expectUnsupportedEncoding(response: Response): Promise<void> {
    expect(response.status).toBe(415);
    expectSharedHeaders(response);
    expect(response.headers.get('accept-encoding')).toBe('identity');
    const body = (await response.json()) as { error: { code: string; message: string; resolution: string } };
    expect(body.error.code).toBe('UNSUPPORTED_CONTENT_ENCODING');
    expect(body.error.message).toContain('Content-Encoding');
    expect(body.error.message).toContain('gzip');
    // The message is about the coding, not the bytes: nothing of the compressed body is echoed.
    expect(body.error.message).not.toMatch(/[\u0000-\u001f\ufffd]/);
    expect(body.error.resolution).toMatch(/uncompressed/);
  }

  it('a gzip body to a REST tool: 415 naming Content-Encoding; identity is read as before', async () => {
    const path = '/api/agent/tools/evaluate-client-needs';
    await expectUnsupportedEncoding(
      await post(path, gzipSync(JSON.stringify(EVALUATE)), { 'Content-Encoding': 'gzip' }),
    );
    const identity = await post(path, JSON.stringify(EVALUATE), { 'Content-Encoding': 'identity' });
    expect(identity.status).toBe(200);
  });

  it('a gzip body to /api/mcp: 415 with the envelope, as its other HTTP-level errors; identity is read', async () => {
    const gzip = await post('/api/mcp', gzipSync(JSON.stringify(INITIALIZE)), {
      'Content-Encoding': 'gzip',
      Accept: MCP_ACCEPT,
    });
    await expectUnsupportedEncoding(gzip);
    const identity = await post('/api/mcp', JSON.stringify(INITIALIZE), {
      'Content-Encoding': 'Identity',
      Accept: MCP_ACCEPT,
    });
    expect(identity.status).toBe(200);
  });
});
