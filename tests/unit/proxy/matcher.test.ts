import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { describe, expect, it } from 'vitest';
import { isUnproxied } from '@/lib/proxy/unproxied-endpoint';
import { config } from '@/proxy';

const JSON_BODY = { 'content-type': 'application/json' };

/** Whether Next runs proxy.ts for a request, as Next reads the matcher. */
const proxyRuns = (url: string, headers: Record<string, string> = {}) =>
  unstable_doesMiddlewareMatch({ config, url, headers });

describe("proxy.ts's matcher", () => {
  it.each([
    ['/api/agent/tools/evaluate-client-needs', JSON_BODY],
    ['/api/agent/tools/schedule-consultation', { 'content-type': 'application/json; charset=utf-8' }],
    ['/api/agent/tools/no-such-tool', JSON_BODY],
    ['/api/mcp', JSON_BODY],
    ['/api/mcp?x=1', JSON_BODY],
  ])('leaves out %s with %o, which its endpoint then runs the site rules for', (pathname, headers) => {
    expect(proxyRuns(pathname, headers)).toBe(false);
    expect(isUnproxied(new Request(`http://site.test${pathname}`, { headers }))).toBe(true);
  });

  it.each([
    ['/api/agent/tools/evaluate-client-needs', {}],
    ['/api/agent/tools/evaluate-client-needs', { 'content-type': 'text/plain' }],
    ['/api/agent/tools/evaluate-client-needs/', JSON_BODY],
    ['/api/agent/tools/', JSON_BODY],
    ['/api/mcp', {}],
    ['/api/mcp', { 'content-type': 'multipart/form-data; boundary=x' }],
    ['/api/mcp/', JSON_BODY],
    ['/api/mcp/server-card', JSON_BODY],
    ['/api/agent', JSON_BODY],
    ['/api/agent/resources/bio', {}],
    ['/', {}],
    ['/about', { accept: 'text/markdown' }],
    ['/desk', {}],
    ['/_next/static/chunks/app.js', {}],
  ])('runs for %s with %o, which its endpoint leaves to it', (pathname, headers: Record<string, string>) => {
    expect(proxyRuns(pathname, headers)).toBe(true);
    expect(isUnproxied(new Request(`http://site.test${pathname}`, { headers }))).toBe(false);
  });

  it("never runs for Next's image optimiser", () => {
    expect(proxyRuns('/_next/image?url=%2Fx.png&w=64&q=75')).toBe(false);
  });
});
