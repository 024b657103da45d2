import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageHeadersWarning } from '@/lib/security/page-headers';
import PageCacheHandler, { renderedPageHeaders } from '@/lib/security/page-cache-handler';
import { PAGE_VARY } from '@/lib/http/shared-headers';
import { NO_SCRIPT_POLICY, inlineScriptHashes, pagePolicy } from '@/lib/security/csp';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each executable inline script, once, and skips external scripts and data blocks', () => {
    const bootstrap = '(self.__next_f=self.__next_f||[]).push([0])';
    const payload = 'self.__next_f.push([1,"é \\u003c/script>"])';
    const html =
      `<html><head><script src="/_next/static/chunks/a.js" async=""></script>` +
      `<script type="application/ld+json">{"@context":"https://schema.org"}</script>` +
      `<script type="application/json" id="webmcp-tools">[]</script></head><body>` +
      `<script>${bootstrap}</script><script id="_R_">${payload}</script><script type="module">${payload}</script>` +
      `<script type="text/javascript">${bootstrap}</script><SCRIPT>x()</SCRIPT></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha(bootstrap), sha(payload), sha('x()')]);
  });

  it('gives no hash for a page without inline scripts', () => {
    expect(inlineScriptHashes('<p>hello</p><script src="/a.js"></script>')).toEqual([]);
  });
});

describe('the policies', () => {
  it('allow scripts from this origin and the listed hashes only, and forbid framing, plugins and base changes', () => {
    const policy = pagePolicy(["'sha256-abc='"]);
    const directives = Object.fromEntries(
      policy.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1).join(' ')]),
    );
    expect(directives['script-src']).toBe("'self' 'sha256-abc='");
    expect(directives['default-src']).toBe("'self'");
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives['object-src']).toBe("'none'");
    expect(directives['base-uri']).toBe("'none'");
    expect(directives['form-action']).toBe("'self'");
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  it('run no script at all on a page rendered per request', () => {
    expect(NO_SCRIPT_POLICY).toMatch(/^script-src 'none'; /);
    expect(NO_SCRIPT_POLICY).toContain("frame-ancestors 'none'");
  });
});

describe("the site's incremental cache", () => {
  const page = (html: string) => ({ kind: 'APP_PAGE', html, headers: { 'x-nextjs-stale-time': '300' }, status: 200 });

  it("gives a rendered page, before it is kept, its policy with its inline scripts' hashes and its Vary", async () => {
    const cache = new PageCacheHandler();
    const value = page('<p>hi</p><script>one()</script><script>two()</script>');
    await cache.set('/route-cache/APP_PAGE/a/$/b3JpZ2lu/about', value);
    const expected = { 'content-security-policy': pagePolicy([sha('one()'), sha('two()')]), vary: PAGE_VARY };
    // The value Next goes on to answer with carries them too: the first answer is not without its policy.
    expect(value.headers).toEqual({ 'x-nextjs-stale-time': '300', ...expected });
    expect((await cache.get('/route-cache/APP_PAGE/a/$/b3JpZ2lu/about'))?.value).toEqual(value);
    expect(renderedPageHeaders('<script>one()</script>')).toEqual({
      'content-security-policy': pagePolicy([sha('one()')]),
      vary: PAGE_VARY,
    });
  });

  it('keeps anything else as it is given, and answers null for what it does not hold', async () => {
    const cache = new PageCacheHandler();
    const route = { kind: 'APP_ROUTE', body: Buffer.from('x'), headers: { 'content-type': 'text/plain' }, status: 200 };
    await cache.set('route', route);
    expect((await cache.get('route'))?.value).toEqual({ ...route, headers: { 'content-type': 'text/plain' } });
    expect(await cache.get('never-set')).toBeNull();
  });

  it("gives a page that is not there its policy too, but keeps none: made-up paths never push the site's out", async () => {
    const cache = new PageCacheHandler();
    const missing = { ...page('<script>nothing()</script>'), status: 404 };
    await cache.set('/route-cache/APP_PAGE/a/$/b3JpZ2lu/engagements/made-up', missing);
    expect((missing.headers as Record<string, string>)['content-security-policy']).toBe(pagePolicy([sha('nothing()')]));
    expect(await cache.get('/route-cache/APP_PAGE/a/$/b3JpZ2lu/engagements/made-up')).toBeNull();
  });

  it('holds a bounded number of entries, the least recently read going first', async () => {
    const cache = new PageCacheHandler();
    await cache.set('first', page('<script>a()</script>'));
    for (let i = 0; i < 2100; i++) await cache.set(`page-${i}`, page(''));
    expect(await cache.get('first')).toBeNull();
    expect(await cache.get('page-2099')).not.toBeNull();
  });
});

describe('the start-up warning', () => {
  it('names a build made without the cache that gives pages their policy, and what to do', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-build-'));
    const write = (cacheHandler: string | null) =>
      fs.writeFileSync(path.join(dist, 'required-server-files.json'), JSON.stringify({ config: { cacheHandler } }));
    expect(pageHeadersWarning(dist)).toMatch(/no Content-Security-Policy and no Vary .* Run npm run build\./);
    write(null);
    expect(pageHeadersWarning(dist)).toBeDefined();
    fs.writeFileSync(path.join(dist, 'page-cache-handler.mjs'), 'export default class {}');
    write('page-cache-handler.mjs');
    expect(pageHeadersWarning(dist)).toBeUndefined();
    write('gone/page-cache-handler.mjs');
    expect(pageHeadersWarning(dist)).toBeDefined();
    fs.rmSync(dist, { recursive: true, force: true });
  });
});
