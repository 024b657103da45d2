import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_VARY, SHARED_HEADERS } from '@/lib/http/shared-headers';
import { loadPageAnswers, pageAnswerFor } from '@/lib/server/page-answers';

/**
 * Which prerendered pages the fast path sends itself, with which headers, and which requests it leaves to Next.
 * A dist dir like the build's is written here; tests/integration/serving-parity.test.ts compares the real build's
 * answers with Next's.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'prerendered-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const CSP = "script-src 'self' 'sha256-abc='; default-src 'self'";
function page(name: string, html: string, meta: object): void {
  const base = path.join(dist, 'server', 'app', name);
  fs.mkdirSync(path.dirname(base), { recursive: true });
  fs.writeFileSync(`${base}.html`, html);
  fs.writeFileSync(`${base}.meta`, JSON.stringify(meta));
}
const staticPage = { routeType: 'page', initialRevalidateSeconds: false };
fs.mkdirSync(dist, { recursive: true });
fs.writeFileSync(
  path.join(dist, 'prerender-manifest.json'),
  JSON.stringify({
    routes: {
      '/': staticPage,
      '/about': staticPage,
      '/engagements/brand-identity': staticPage,
      '/news': { routeType: 'page', initialRevalidateSeconds: 60 },
      '/_not-found': { ...staticPage, initialStatus: 404 },
      '/robots.txt': { routeType: 'route', initialRevalidateSeconds: false },
      '/missing': staticPage,
    },
  }),
);
const headers = {
  'x-nextjs-stale-time': '300',
  'x-nextjs-prerender': '1',
  'x-next-cache-tags': '_N_T_/layout',
  'content-security-policy': CSP,
  vary: PAGE_VARY,
};
page('index', `<!DOCTYPE html><p>${'home '.repeat(400)}</p>`, { headers });
page('about', '<!DOCTYPE html><p>about</p>', { headers });
page('engagements/brand-identity', '<!DOCTYPE html><p>brand</p>', { headers });
page('news', '<!DOCTYPE html><p>news</p>', { headers });
page('_not-found', '<!DOCTYPE html><p>404</p>', { status: 404, headers });
const answers = loadPageAnswers(dist);

describe('the pages the fast path sends', () => {
  it('static pages prerendered with status 200 only: not revalidated ones, the 404 page, route handlers or missing files', () => {
    expect([...answers.keys()].sort()).toEqual(['/', '/about', '/engagements/brand-identity']);
  });

  it('no build, no pages', () => {
    expect(loadPageAnswers(path.join(dist, 'nothing')).size).toBe(0);
  });

  it("with Next's headers and the page's own policy, without Next's bookkeeping", () => {
    const about = answers.get('/about')?.identity.headers ?? {};
    for (const [name, value] of Object.entries(SHARED_HEADERS)) expect(about[name]).toBe(value);
    expect(about['content-security-policy']).toBe(CSP);
    expect(about['x-next-cache-tags']).toBeUndefined();
    expect(about['Cache-Control']).toBe('s-maxage=31536000');
    expect(about['Content-Type']).toBe('text/html; charset=utf-8');
    expect(about.Vary).toBe(
      `${PAGE_VARY}, rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding`,
    );
    expect(about.vary).toBeUndefined();
    expect(about.Link).toMatch(/rel="llms-txt"/);
    expect(answers.get('/about')?.gzip).toBeUndefined();
    expect(answers.get('/')?.gzip?.headers.Vary).toBe(about.Vary);
  });
});

describe('the requests it answers', () => {
  const ask = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    pageAnswerFor(answers, { method, url, headers });

  it("a plain document request, GET or HEAD, with a browser's Accept or none", () => {
    expect(ask('/about')).toBe(answers.get('/about'));
    expect(ask('/about', { accept: 'text/html,*/*;q=0.8', 'if-none-match': '"x"', cookie: 'a=b' }, 'HEAD')).toBe(
      answers.get('/about'),
    );
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
    ['a Range', '/about', { range: 'bytes=0-10' }, 'GET'],
  ])('not %s', (_name, url, headers: Record<string, string>, method) => {
    expect(ask(url, headers, method)).toBeUndefined();
  });
});
