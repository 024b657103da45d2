import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPageHeaders, buildHasPageHeaders, pageHeadersWarning } from '@/lib/security/page-headers';
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

describe('applyPageHeaders', () => {
  it("writes each prerendered page's policy and Vary into its .meta headers, keeps the rest, and records the build", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-build-'));
    const app = path.join(dist, 'server', 'app');
    fs.mkdirSync(path.join(app, 'case-studies'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'BUILD_ID'), 'build-1\n');
    fs.writeFileSync(path.join(app, 'index.html'), '<script>one()</script>');
    fs.writeFileSync(
      path.join(app, 'index.meta'),
      JSON.stringify({ status: 200, headers: { 'x-nextjs-prerender': '1' }, segmentPaths: ['/_tree'] }),
    );
    fs.writeFileSync(path.join(app, 'case-studies', 'a.html'), '<script>two()</script>');
    fs.writeFileSync(path.join(app, 'case-studies', 'a.meta'), JSON.stringify({}));
    // A route handler's output (no .html) and an .html without .meta are left alone.
    fs.writeFileSync(path.join(app, 'llms.txt.meta'), JSON.stringify({ headers: {} }));
    fs.writeFileSync(path.join(app, 'orphan.html'), '<script>three()</script>');
    expect(buildHasPageHeaders(dist)).toBe(false);
    // The start-up warning names what is missing and what to do.
    expect(pageHeadersWarning(dist)).toMatch(/no Content-Security-Policy and no Vary .* Run npm run build\./);

    const manifest = applyPageHeaders(dist);
    expect(Object.keys(manifest.pages).sort()).toEqual(['/', '/case-studies/a']);
    const meta = JSON.parse(fs.readFileSync(path.join(app, 'index.meta'), 'utf8'));
    expect(meta).toEqual({
      status: 200,
      headers: { 'x-nextjs-prerender': '1', 'content-security-policy': pagePolicy([sha('one()')]), vary: PAGE_VARY },
      segmentPaths: ['/_tree'],
    });
    expect(
      JSON.parse(fs.readFileSync(path.join(app, 'case-studies', 'a.meta'), 'utf8')).headers['content-security-policy'],
    ).toBe(pagePolicy([sha('two()')]));
    expect(JSON.parse(fs.readFileSync(path.join(app, 'llms.txt.meta'), 'utf8'))).toEqual({ headers: {} });
    expect(buildHasPageHeaders(dist)).toBe(true);
    expect(pageHeadersWarning(dist)).toBeUndefined();

    // Idempotent, and a new build id means the build must be done again.
    applyPageHeaders(dist);
    expect(JSON.parse(fs.readFileSync(path.join(app, 'index.meta'), 'utf8'))).toEqual(meta);
    fs.writeFileSync(path.join(dist, 'BUILD_ID'), 'build-2\n');
    expect(buildHasPageHeaders(dist)).toBe(false);
    expect(pageHeadersWarning(dist)).toBeDefined();
    fs.rmSync(dist, { recursive: true, force: true });
  });
});
