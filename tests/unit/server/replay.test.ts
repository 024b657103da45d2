import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { addedByNext, withNextAdditions } from '@/lib/server/added-by-next';
import { unroutedMethodAnswer } from '@/lib/http/unrouted-method';
import { fastPathFromNext } from '@/lib/server/load-build';
import { recordFromNext } from '@/lib/server/replay';

/**
 * Recording Next's answers at start-up, over real HTTP on loopback: a stand-in for Next's request handler answers
 * here; tests/integration/serving/serving-parity.test.ts and static-reads.test.ts record the real build.
 */
describe('recording from Next', () => {
  const seen: IncomingMessage['headers'][] = [];
  const next = async (request: IncomingMessage, response: ServerResponse) => {
    seen.push({ ...request.headers, url: request.url });
    if (request.url === '/fails') throw new Error('broken');
    response.setHeader('x-twice', ['1', '1']);
    response.setHeader('Vary', 'rsc, Accept-Encoding');
    response.end(`answer to ${request.url}`);
  };

  it('records status, headers (a field sent twice stays twice) and bytes, without the fields of the exchange', async () => {
    const [about] = await recordFromNext(next, 'site.example', [
      { method: 'GET', path: '/about', headers: { accept: 'text/markdown' } },
    ]);
    if (!about || about instanceof Error) throw new Error('no recording');
    expect(about.status).toBe(200);
    expect(about.body.toString()).toBe('answer to /about');
    expect(about.headers['x-twice']).toEqual(['1', '1']);
    expect(about.headers.vary).toBe('rsc, Accept-Encoding');
    for (const name of ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])
      expect(about.headers[name]).toBeUndefined();
  });

  it('asks uncompressed, for the given host, as a client whose quota is no real one, with the variant headers', async () => {
    await recordFromNext(next, 'site.example', [
      { method: 'GET', path: '/contact', headers: { accept: 'text/markdown' } },
    ]);
    const request = seen.find((headers) => headers.url === '/contact');
    expect(request).toMatchObject({
      host: 'site.example',
      'accept-encoding': 'identity',
      'x-forwarded-for': '192.0.2.1',
      accept: 'text/markdown',
    });
  });

  it('a request Next fails gives an Error, the others their answers', async () => {
    const [failed, fine] = await recordFromNext(next, 'localhost', [
      { method: 'GET', path: '/fails', headers: {} },
      { method: 'OPTIONS', path: '/fine', headers: {} },
    ]);
    expect(failed).toBeInstanceOf(Error);
    expect(fine).toMatchObject({ status: 200 });
  });
});

describe("what Next adds to an endpoint's answers", () => {
  const viaNext = {
    status: 204,
    headers: { allow: 'POST, OPTIONS', 'access-control-allow-origin': '*', vary: 'rsc, next-router-prefetch' },
    body: Buffer.alloc(0),
  };
  const added = addedByNext(viaNext, new Response(null, { status: 204, headers: { Allow: 'POST, OPTIONS' } }));

  it("is the difference between Next's answer and the handler's own", () => {
    expect(added).toEqual({ headers: { 'access-control-allow-origin': '*' }, vary: ['rsc', 'next-router-prefetch'] });
  });

  it("goes under the answer's own headers, with Accept-Encoding in Vary for a type Next compresses", () => {
    const own = new Headers({ 'Content-Type': 'application/json', Vary: 'Accept', 'Access-Control-Allow-Origin': 'x' });
    expect(withNextAdditions(added, own)).toEqual({
      'access-control-allow-origin': 'x',
      'content-type': 'application/json',
      vary: 'Accept, rsc, next-router-prefetch, Accept-Encoding',
    });
    expect(withNextAdditions(added, new Headers()).vary).toBe('rsc, next-router-prefetch');
  });
});

/** A stand-in for Next answering a method no route has as proxy.ts does, with headers of its own per kind of path. */
function proxyAnswers(request: http.IncomingMessage, response: http.ServerResponse): void {
  const own = unroutedMethodAnswer(request.method ?? '', request.url ?? '/');
  if (!own) throw new Error('a routed method');
  const added = { 'x-config': request.url?.startsWith('/api') ? 'api' : 'site', vary: 'rsc, Accept-Encoding' };
  response.writeHead(own.status, { ...own.headers, ...added }).end(own.body);
}

describe('the fast path made at start-up', () => {
  it("gives the guard's own answers what Next adds to proxy.ts's same answer on that kind of path", async () => {
    const { nextHeadersFor } = await fastPathFromNext(
      async (request, response) => {
        if (request.method === 'PROPFIND') proxyAnswers(request, response);
        else response.writeHead(404).end();
      },
      { SITE_URL: undefined },
      { pages: [] },
    );
    expect(nextHeadersFor('/api/agent', { 'Content-Type': 'application/json' })).toEqual({
      'x-config': 'api',
      'content-type': 'application/json',
      vary: 'rsc, Accept-Encoding',
    });
    expect(nextHeadersFor('/about', { Allow: 'GET' })).toEqual({ 'x-config': 'site', allow: 'GET', vary: 'rsc' });
  });

  it('what Next did not answer with a 200 is said once in the log and left to Next', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (line: string) => warnings.push(line);
    try {
      const { fastPath } = await fastPathFromNext(
        async (request, response) => {
          if (request.url === '/about') response.writeHead(500).end('broken');
          else if (request.method === 'OPTIONS') response.writeHead(204, { 'x-added': 'yes' }).end();
          else if (request.method === 'PROPFIND') proxyAnswers(request, response);
          else response.writeHead(200, { 'content-type': 'text/html' }).end(`page ${request.url}`);
        },
        { SITE_URL: 'http://localhost' },
        { pages: ['/', '/about'] },
      );
      expect(warnings).toEqual(['[fast path] Next did not answer /about with a 200 at start-up: Next serves them.']);
      const server = http.createServer((request, response) => {
        if (!fastPath.answer(request, response)) response.end('left to Next');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const served = async (url: string) => (await fetch(`${base}${url}`)).text();
      expect(await served('/')).toBe('page /');
      expect(await served('/about')).toBe('left to Next');
      await new Promise((resolve) => server.close(resolve));
    } finally {
      console.warn = warn;
    }
  });
});
