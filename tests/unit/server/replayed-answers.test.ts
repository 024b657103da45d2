import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PAGE_VARY } from '@/lib/http/shared-headers';
import type { RecordedRequest, Recording } from '@/lib/server/replay';
import { replayedAnswerFor, replayedAnswers, requestsToRecord } from '@/lib/server/replayed-answers';

/**
 * Which of Next's recorded answers the fast path sends, with which headers, and to which requests. The recordings
 * are written here as Next sends them; tests/integration/serving/serving-parity.test.ts and static-reads.test.ts compare
 * the real build's answers with Next's.
 */
const ROUTER_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 's-maxage=31536000',
  'x-nextjs-prerender': ['1', '1'],
  vary: `${PAGE_VARY}, ${ROUTER_VARY}, Accept-Encoding`,
  etag: '"next-own"',
};
const JSON_HEADERS = {
  'content-type': 'application/json',
  'cache-control': 'public, max-age=300',
  vary: `Accept, ${ROUTER_VARY}, Accept-Encoding`,
  'ratelimit-limit': '60',
  'ratelimit-remaining': '59',
};
const MARKDOWN_HEADERS = { ...PAGE_HEADERS, 'content-type': 'text/markdown; charset=utf-8' };

const get = (path: string, accept?: string): RecordedRequest => ({
  method: 'GET',
  path,
  headers: { 'accept-encoding': 'gzip', ...(accept ? { accept } : {}) },
});
const HOME_HTML = `<p>${'home '.repeat(400)}</p>`;
const recorded = (request: RecordedRequest, recording: Partial<Recording>) => ({
  request,
  recording: { status: 200, headers: {}, body: Buffer.from(request.path), ...recording },
});

const answers = replayedAnswers([
  recorded(get('/about'), { headers: PAGE_HEADERS, body: Buffer.from('<p>about</p>') }),
  recorded(get('/'), { headers: { ...PAGE_HEADERS, 'content-encoding': 'gzip' }, body: gzipSync(HOME_HTML) }),
  recorded(get('/', 'text/markdown'), { headers: MARKDOWN_HEADERS, body: Buffer.from('# Home') }),
  recorded(get('/gone'), { status: 404, headers: PAGE_HEADERS }),
  recorded(get('/api/agent/resources/bio'), { headers: JSON_HEADERS, body: Buffer.from('{"json":1}') }),
  recorded(get('/api/agent/resources/bio', 'text/markdown'), {
    headers: { ...JSON_HEADERS, 'content-type': 'text/markdown' },
    body: Buffer.from('# Bio'),
  }),
  recorded(get('/llms.txt'), { headers: { 'content-type': 'text/plain', vary: ROUTER_VARY } }),
  recorded(get('/llms.txt', 'text/markdown'), { headers: { 'content-type': 'text/plain', vary: ROUTER_VARY } }),
]);

const ask = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  replayedAnswerFor(answers, { method, url, headers });
const bodyOf = (url: string, headers: Record<string, string> = {}) => ask(url, headers)?.identity.body.toString();

describe('what is recorded', () => {
  it("without SITE_URL, nothing: the pages and the reads name each request's origin", () => {
    expect(requestsToRecord(['/', '/about', '/robots.txt'], false)).toEqual([]);
  });

  it('with SITE_URL, the pages as HTML, every read in each Accept variant, the homepage as markdown and the discovery files', () => {
    const requests = requestsToRecord(['/', '/about', '/robots.txt'], true);
    expect(requests.slice(0, 2)).toEqual([get('/'), get('/about')]);
    expect(requests).toContainEqual(get('/api/agent'));
    expect(requests).toContainEqual(get('/api/agent/resources/contact-card', 'application/json'));
    expect(requests).toContainEqual(get('/api/agent/resources/bio', 'text/markdown'));
    expect(requests).toContainEqual(get('/llms-full.txt'));
    expect(requests).toContainEqual(get('/index.md', '*/*'));
    expect(requests).toContainEqual(get('/', 'text/markdown'));
    for (const document of ['/robots.txt', '/sitemap.xml', '/openapi.json', '/.well-known/api-catalog'])
      expect(requests).toContainEqual(get(document));
  });
});

describe('the answers made of the recordings', () => {
  it("keep Next's headers, duplicates included, but its ETag: one per encoding is made", () => {
    const about = ask('/about')?.identity.headers ?? {};
    expect(about['x-nextjs-prerender']).toEqual(['1', '1']);
    expect(about['cache-control']).toBe('s-maxage=31536000');
    expect(about.etag).toMatch(/^"[\w-]{27}"$/);
    expect(about['content-length']).toBe('12');
  });

  it("gzip only where Next compressed, with Next's bytes; the identity is them decoded", () => {
    expect(ask('/about')?.gzip).toBeUndefined();
    expect(ask('/about')?.identity.headers['content-encoding']).toBeUndefined();
    const home = ask('/');
    expect(home?.gzip?.headers['content-encoding']).toBe('gzip');
    expect(home?.gzip?.etag).toMatch(/-gz"$/);
    expect(gunzipSync(home?.gzip?.body ?? Buffer.alloc(0)).toString()).toBe(HOME_HTML);
    expect(home?.identity.body.toString()).toBe(HOME_HTML);
    expect(home?.identity.headers['content-encoding']).toBeUndefined();
    expect(home?.identity.headers['content-length']).toBe(String(HOME_HTML.length));
  });

  it("API reads are not metered: they state the recording's policy at its full allowance", () => {
    const bio = ask('/api/agent/resources/bio')?.identity.headers ?? {};
    expect(bio['ratelimit-remaining']).toBe('60');
    expect(ask('/llms.txt')?.identity.headers['ratelimit-remaining']).toBeUndefined();
  });

  it('only 200s: a page Next did not answer is left to it', () => {
    expect(ask('/gone')).toBeUndefined();
  });
});

describe('the requests answered from memory', () => {
  it("a plain document request, GET or HEAD, with a browser's Accept or none, gets the HTML", () => {
    expect(bodyOf('/about')).toBe('<p>about</p>');
    expect(ask('/about', { accept: 'text/html,*/*;q=0.8', 'if-none-match': '"x"', cookie: 'a=b' }, 'HEAD')).toBe(
      ask('/about'),
    );
  });

  it('exactly Accept: text/markdown on a page gets its markdown, whoever asks', () => {
    expect(bodyOf('/', { accept: 'text/markdown', 'user-agent': 'GPTBot/1.2' })).toBe('# Home');
  });

  it('a read whose Vary names Accept is chosen by the exact Accept recorded; other reads ignore Accept', () => {
    expect(bodyOf('/api/agent/resources/bio')).toBe('{"json":1}');
    expect(bodyOf('/api/agent/resources/bio', { accept: 'text/markdown' })).toBe('# Bio');
    expect(ask('/api/agent/resources/bio', { accept: 'text/markdown;q=0.9, application/json;q=0.2' })).toBeUndefined();
    expect(bodyOf('/llms.txt', { accept: 'text/html' })).toBe('/llms.txt');
  });

  it.each([
    ['a query string', '/about?x=1', {}, 'GET'],
    ['an AI assistant, which gets the markdown', '/about', { 'user-agent': 'Claude-User/1.0' }, 'GET'],
    ['an AI crawler, which gets the markdown', '/about', { 'user-agent': 'GPTBot/1.2' }, 'GET'],
    ['a trailing slash', '/about/', {}, 'GET'],
    ['an unknown page', '/contact', {}, 'GET'],
    ['a POST', '/about', {}, 'POST'],
    ['an RSC request', '/about', { rsc: '1' }, 'GET'],
    ['a prefetch', '/about', { 'next-router-prefetch': '1' }, 'GET'],
    ['a segment prefetch', '/about', { 'next-router-segment-prefetch': '/_tree' }, 'GET'],
    ['a server action', '/about', { 'next-action': 'abc' }, 'GET'],
    ['a body type', '/about', { 'content-type': 'multipart/form-data; boundary=x' }, 'GET'],
    ['markdown in Accept', '/about', { accept: 'text/html;q=0.1, TEXT/MARKDOWN' }, 'GET'],
    ['markdown not recorded', '/about', { accept: 'text/markdown' }, 'GET'],
    ['a Range', '/about', { range: 'bytes=0-10' }, 'GET'],
    ['an If-Match', '/llms.txt', { 'if-match': '"x"' }, 'GET'],
    ['an Accept not recorded', '/api/agent/resources/bio', { accept: 'text/vcard' }, 'GET'],
  ])('not %s', (_name, url, headers: Record<string, string>, method) => {
    expect(ask(url, headers, method)).toBeUndefined();
  });
});
