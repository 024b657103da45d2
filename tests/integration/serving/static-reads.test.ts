import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type RunningApp, distDir, startApp } from '../support/app';
import { comparableHeaders } from '../support/http';
import { CACHE_DOCUMENT, CACHE_PRIVATE_READ } from '@/lib/http/cache-control';

/**
 * With SITE_URL set, the reads that are the same for every client (the manifest, the resources, llms.txt, the
 * homepage's markdown) are asked of Next once at start-up and answered from memory before Next by the project's
 * server (lib/server/replayed-answers.ts). This serves the run's one build that way, as production does (SITE_URL
 * is read when the server starts, never baked into the build), and checks that the answers from memory are
 * exactly the routes' (bytes and headers, Cache-Control and Vary included), as bare `next start` sends them too,
 * with gzip and 304; that everything else still reaches the route; that these reads are not metered; that they
 * follow the SITE_URL the server runs with; and that serving writes nothing.
 */
const dist = distDir();
const SITE_URL = 'https://consultant.example';
const RATE_LIMIT = '1000';
let app: RunningApp;
let bare: RunningApp;

beforeAll(async () => {
  const served = { SITE_URL, NEXT_DIST_DIR: dist, RATE_LIMIT_PER_MINUTE: RATE_LIMIT };
  [app, bare] = await Promise.all([startApp(served, 'project'), startApp(served, 'next')]);
});

afterAll(async () => {
  await Promise.all([app?.stop(), bare?.stop()]);
});

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${app.url}${pathname}`, { headers });
/** An answer from memory has a strong ETag of 27 base64url characters (lib/server/cached-answer.ts); routes send none. */
const fromFile = (response: Response) => /^"[\w-]{27}(?:-gz)?"$/.test(response.headers.get('etag') ?? '');
/** Headers that may differ between two answers of the same bytes: validators, quota, Next's marker of its cache. */
const comparable = (response: Response) =>
  comparableHeaders(response, [
    'etag',
    'last-modified',
    'accept-ranges',
    'ratelimit-remaining',
    'ratelimit-reset',
    'x-nextjs-cache',
  ]);

describe('static reads', () => {
  // API reads carry the client's RateLimit headers, and a page URL's markdown was chosen for its client: each
  // client may keep them, no shared cache may. The documents are the same for everyone.
  it.each([
    ['/api/agent', {}, 'application/json', CACHE_PRIVATE_READ],
    ['/api/agent/resources/bio', {}, 'application/json', CACHE_PRIVATE_READ],
    ['/api/agent/resources/bio', { Accept: 'text/markdown' }, 'text/markdown; charset=utf-8', CACHE_PRIVATE_READ],
    ['/api/agent/resources/case-studies', {}, 'application/json', CACHE_PRIVATE_READ],
    ['/api/agent/resources/engagements', { Accept: 'application/json' }, 'application/json', CACHE_PRIVATE_READ],
    ['/api/agent/resources/contact-card', {}, 'application/json', CACHE_PRIVATE_READ],
    ['/llms.txt', {}, 'text/plain; charset=utf-8', CACHE_DOCUMENT],
    ['/index.md', {}, 'text/markdown; charset=utf-8', CACHE_DOCUMENT],
    ['/', { Accept: 'text/markdown' }, 'text/markdown; charset=utf-8', CACHE_PRIVATE_READ],
  ])("%s %o is a file with the route's type, bytes and headers", async (pathname, headers, type, cacheControl) => {
    const file = await get(pathname, headers);
    expect(file.status).toBe(200);
    expect(fromFile(file)).toBe(true);
    expect(file.headers.get('content-type')).toBe(type);
    expect(file.headers.get('cache-control')).toBe(cacheControl);
    expect(file.headers.get('access-control-allow-origin')).toBe('*');
    // A Range sends the same request to the route (the routes ignore it and send the whole body).
    const route = await get(pathname, { ...headers, Range: 'bytes=0-' });
    expect(route.status).toBe(200);
    expect(fromFile(route)).toBe(false);
    const body = await file.text();
    expect(body).toBe(await route.text());
    expect(comparable(file)).toEqual(comparable(route));
    // Bare `next start` answers the same read by its route, with the same bytes and headers.
    const viaNext = await fetch(`${bare.url}${pathname}`, { headers });
    expect(viaNext.status).toBe(200);
    expect(await viaNext.text()).toBe(body);
    expect(comparable(viaNext)).toEqual(comparable(file));
  });

  it('gzip when the client takes it, with its own ETag; the same bytes once decoded', async () => {
    const plain = await get('/api/agent', { 'Accept-Encoding': 'identity' });
    const zipped = await get('/api/agent', { 'Accept-Encoding': 'gzip, deflate' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/(^|, )Accept-Encoding$/);
    expect(zipped.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    expect(await zipped.text()).toBe(await plain.text());
  });

  it('If-None-Match with the current ETag gets 304 with no body; HEAD gets the length and no body', async () => {
    const first = await get('/llms.txt', { 'Accept-Encoding': 'identity' });
    const etag = first.headers.get('etag') ?? '';
    const length = (await first.arrayBuffer()).byteLength;
    const again = await get('/llms.txt', { 'Accept-Encoding': 'identity', 'If-None-Match': `W/"other", ${etag}` });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    const changed = await get('/llms.txt', { 'Accept-Encoding': 'identity', 'If-None-Match': '"not-this-one"' });
    expect(changed.status).toBe(200);
    const head = await fetch(`${app.url}/llms.txt`, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(length));
    expect(await head.text()).toBe('');
  });

  it('absolute URLs are on SITE_URL', async () => {
    const manifest = await (await get('/api/agent')).json();
    expect(manifest.mcp).toBe(`${SITE_URL}/api/mcp`);
  });

  it('negotiated resources say Vary: Accept; q-values and other types reach the route', async () => {
    expect((await get('/api/agent/resources/bio')).headers.get('vary')).toMatch(/Accept/);
    const weighted = await get('/api/agent/resources/bio', { Accept: 'application/json;q=0.2, text/markdown;q=0.9' });
    expect(fromFile(weighted)).toBe(false);
    expect(weighted.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const vcard = await get('/api/agent/resources/contact-card', { Accept: 'text/vcard' });
    expect(fromFile(vcard)).toBe(false);
    expect(vcard.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.vcf"$/);
  });

  it('a static read is not metered: it states the general policy with its full allowance', async () => {
    const expectFull = (response: Response) => {
      expect(response.headers.get('ratelimit-limit')).toBe(RATE_LIMIT);
      expect(response.headers.get('ratelimit-remaining')).toBe(RATE_LIMIT);
      expect(response.headers.get('ratelimit-policy')).toBe(`${RATE_LIMIT};w=60`);
    };
    for (let i = 0; i < 5; i += 1) expectFull(await get('/api/agent/resources/engagements'));
    const counted = await get('/api/agent/resources/engagements', { Range: 'bytes=0-' });
    expect(Number(counted.headers.get('ratelimit-remaining'))).toBeLessThan(Number(RATE_LIMIT));
    expectFull(await get('/api/agent/resources/engagements'));
    expect((await get('/llms.txt')).headers.get('ratelimit-limit')).toBeNull();
  });

  it('a server started with another SITE_URL than the build replays what Next answers for it, and logs no answer missing', async () => {
    const other = await startApp({
      SITE_URL: 'https://elsewhere.example',
      NEXT_DIST_DIR: dist,
      RATE_LIMIT_PER_MINUTE: RATE_LIMIT,
    });
    try {
      const manifest = await fetch(`${other.url}/api/agent`);
      expect(fromFile(manifest)).toBe(true);
      expect((await manifest.json()).mcp).toBe('https://elsewhere.example/api/mcp');
      const route = await fetch(`${other.url}/api/agent`, { headers: { Range: 'bytes=0-' } });
      expect(fromFile(route)).toBe(false);
      expect((await route.json()).mcp).toBe('https://elsewhere.example/api/mcp');
      expect(other.output()).not.toMatch(/did not answer/);
    } finally {
      await other.stop();
    }
  });

  it('other methods and preflights reach the route, never a file', async () => {
    const post = await fetch(`${app.url}/api/agent`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect((await post.json()).error.code).toBe('METHOD_NOT_ALLOWED');
    const preflight = await fetch(`${app.url}/api/agent/resources/bio`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    const head = await fetch(`${app.url}/api/agent`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(fromFile(head)).toBe(true);
    const unknown = await get('/api/agent/resources/portfolio');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('NOT_FOUND');
  });

  it('another page asked for with exactly Accept: text/markdown is its markdown, without proxy.ts', async () => {
    const about = await get('/about', { Accept: 'text/markdown' });
    expect(about.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await about.text()).toBe(await (await get('/about.md')).text());
  });

  it('serving writes nothing into the build', async () => {
    const before = snapshot(path.join(ROOT, dist));
    for (const server of [app, bare]) {
      await (await fetch(`${server.url}/llms.txt`)).text();
      await (await fetch(`${server.url}/about`)).text();
    }
    expect(snapshot(path.join(ROOT, dist))).toEqual(before);
  });
});

/**
 * Every file under `dir` with its size and modification time, but for Next's own caches: `next start` copies a
 * page into server/route-cache the first time it serves it, under the project's server as without it.
 */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, full);
    if (relative.startsWith('cache') || relative.startsWith(path.join('server', 'route-cache'))) continue;
    const stat = fs.statSync(full);
    files[relative] = `${stat.size}:${stat.mtimeMs}`;
  }
  return files;
}
