import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type RunningApp, distDir, startApp } from '../support/app';
import { comparableHeaders } from '../support/http';
import { CACHE_DOCUMENT, CACHE_PRIVATE_READ } from '@/lib/http/cache-control';

/**
 * The reads that are the same for every client (the manifest, the resources, llms.txt, the homepage's markdown),
 * served with SITE_URL as production does (read when the server starts, never baked into the build): each says
 * who may keep it (a shared cache in front keeps the documents: docs/deployment.md), follows the SITE_URL the
 * server runs with, is the same under bare `next start`, and serving writes nothing into the build.
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
/** Headers that may differ between two answers of the same bytes: quota, Next's marker of its cache. */
const comparable = (response: Response) =>
  comparableHeaders(response, [
    'etag',
    'last-modified',
    'accept-ranges',
    'ratelimit-remaining',
    'ratelimit-reset',
    'x-nextjs-cache',
  ]);

describe('reads', () => {
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
  ])(
    '%s %o has its type, its caching policy, and the same bytes and headers under both servers',
    async (pathname, headers, type, cacheControl) => {
      const read = await get(pathname, headers);
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toBe(type);
      expect(read.headers.get('cache-control')).toBe(cacheControl);
      expect(read.headers.get('access-control-allow-origin')).toBe('*');
      const viaNext = await fetch(`${bare.url}${pathname}`, { headers });
      expect(viaNext.status).toBe(200);
      expect(await viaNext.text()).toBe(await read.text());
      expect(comparable(viaNext)).toEqual(comparable(read));
    },
  );

  it('absolute URLs are on SITE_URL', async () => {
    const manifest = await (await get('/api/agent')).json();
    expect(manifest.mcp).toBe(`${SITE_URL}/api/mcp`);
  });

  it('negotiated resources say Vary: Accept, and weigh q-values and other types', async () => {
    expect((await get('/api/agent/resources/bio')).headers.get('vary')).toMatch(/Accept/);
    const weighted = await get('/api/agent/resources/bio', { Accept: 'application/json;q=0.2, text/markdown;q=0.9' });
    expect(weighted.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const vcard = await get('/api/agent/resources/contact-card', { Accept: 'text/vcard' });
    expect(vcard.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.vcf"$/);
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
