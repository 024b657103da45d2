import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../lib/content';
import { sharedApp } from '../support/shared-app';

const content = loadContent();
const app = sharedApp();

describe('the homepage honours Accept: text/markdown (docs/agent-api.md, "Endpoints", 10)', () => {
  it.each([
    ['text/markdown', 'markdown'],
    ['text/markdown, text/html, */*', 'markdown'],
    ['text/html;q=0.9, text/markdown', 'markdown'],
    ['application/json, text/markdown;q=0.5', 'markdown'],
    ['text/markdown;q=0', 'html'],
    ['text/html, text/markdown', 'html'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'html'],
    ['*/*', 'html'],
    ['text/*', 'html'],
    [undefined, 'html'],
  ])('Accept: %s gives %s', async (accept, expected) => {
    const response = await fetch(`${app.url}/`, { headers: accept ? { Accept: accept } : {} });
    expect(response.status).toBe(200);
    const vary = (response.headers.get('vary') ?? '').split(',').map((token) => token.trim().toLowerCase());
    expect(vary).toContain('accept');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = await response.text();
    if (expected === 'markdown') {
      expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(body.startsWith('---\n')).toBe(true);
      expect(body).toContain(`# ${content.site.home.headline}`);
    } else {
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(body).toMatch(/^<!DOCTYPE html>/i);
    }
  });

  it('serves the same markdown at /index.md, with the engagements and featured results from content', async () => {
    const negotiated = await (await fetch(`${app.url}/`, { headers: { Accept: 'text/markdown' } })).text();
    const direct = await fetch(`${app.url}/index.md`);
    expect(direct.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await direct.text()).toBe(negotiated);
    for (const engagement of content.engagements) expect(negotiated).toContain(engagement.title);
    const featured = content.caseStudies.filter((study) => study.featured);
    expect(featured.length).toBeGreaterThan(0);
    for (const study of featured) expect(negotiated).toContain(study.results[0] ?? '');
    expect(negotiated).toContain(content.bio.name);
    expect(negotiated.length).toBeLessThan(50_000);
  });
});

describe('a page asked for as markdown is served within the one request', () => {
  // Behind a TLS-terminating proxy: Next must not serve the markdown by fetching itself (over https, from a port
  // that speaks http), whichever server is in front.
  it.each([
    ['/', { Accept: 'text/html;q=0.5, text/markdown' }],
    ['/about', { Accept: 'text/markdown, text/html;q=0.5' }],
    ['/about', { 'User-Agent': 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)' }],
  ])('%s with %o, forwarded as https', async (path, headers) => {
    const response = await fetch(`${app.url}${path}`, { headers: { ...headers, 'X-Forwarded-Proto': 'https' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await response.text()).toMatch(/^---\n/);
  });
});
