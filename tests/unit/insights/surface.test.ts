import { describe, expect, it } from 'vitest';
import { surfaceOf } from '@/lib/insights/request-surface';

const headers = (values: Record<string, string> = {}) => ({
  get: (name: string) => values[name.toLowerCase()] ?? null,
});
const browser = headers({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0', accept: 'text/html' });

describe('the surface of a request', () => {
  it.each([
    ['GET', '/', browser, { surface: 'page-html', page: '/' }],
    ['GET', '/engagements/', browser, { surface: 'page-html', page: '/engagements' }],
    ['GET', '/engagements.md', browser, { surface: 'page-markdown', page: '/engagements' }],
    ['GET', '/index.md', browser, { surface: 'page-markdown', page: '/' }],
    ['GET', '/md/about', browser, { surface: 'page-markdown', page: '/about' }],
    ['GET', '/about', headers({ accept: 'text/markdown' }), { surface: 'page-markdown', page: '/about' }],
    [
      'GET',
      '/about',
      headers({ accept: 'text/markdown, text/html;q=0.5' }),
      { surface: 'page-markdown', page: '/about' },
    ],
    ['GET', '/about', headers({ accept: 'text/html, text/markdown;q=0.5' }), { surface: 'page-html', page: '/about' }],
    ['GET', '/about', headers({ 'user-agent': 'ClaudeBot/1.0' }), { surface: 'page-markdown', page: '/about' }],
    ['GET', '/llms.txt', browser, { surface: 'discovery' }],
    ['GET', '/robots.txt', browser, { surface: 'discovery' }],
    ['GET', '/sitemap.xml', browser, { surface: 'discovery' }],
    ['GET', '/.well-known/api-catalog', browser, { surface: 'discovery' }],
    ['GET', '/openapi.json', browser, { surface: 'discovery' }],
    ['GET', '/api/agent', browser, { surface: 'rest-resource' }],
    ['GET', '/api/agent/resources/bio', browser, { surface: 'rest-resource' }],
    ['POST', '/api/agent/tools/schedule-consultation', browser, { surface: 'rest-tool' }],
    ['POST', '/api/mcp', browser, { surface: 'mcp' }],
    ['POST', '/contact', browser, { surface: 'contact-form', page: '/contact' }],
    ['GET', '/api/nothing', browser, { surface: 'other' }],
    ['GET', '/icon.svg', browser, { surface: 'other' }],
  ] as const)('%s %s', (method, path, source, expected) => {
    expect(surfaceOf(method, path, source)).toEqual(expected);
  });

  it("does not count Next's own static files", () => {
    expect(surfaceOf('GET', '/_next/static/chunks/app.js', browser)).toBeUndefined();
  });
});
