import { describe, expect, it } from 'vitest';
import { sharedApp } from '../support/shared-app';

/**
 * The Link headers (RFC 8288) of the homepage and the agent manifest point to every discovery document: the
 * markdown alternate, llms.txt, the RFC 9727 API catalog, the OpenAPI description, the MCP server card. Each
 * target answers a GET with 200.
 */
const app = sharedApp();

interface Link {
  target: string;
  params: Record<string, string>;
}

/** The links of a Link header: `<target>; name="value"; …`, comma-separated. */
function linksOf(header: string | null): Link[] {
  return [...(header ?? '').matchAll(/<([^>]*)>((?:\s*;\s*[\w-]+="[^"]*")*)/g)].map((match) => ({
    target: match[1] ?? '',
    params: Object.fromEntries([...(match[2] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((p) => [p[1], p[2]])),
  }));
}

describe('discovery links', () => {
  it.each([
    [
      '/',
      [
        ['alternate', '/index.md'],
        ['llms-txt', '/llms.txt'],
        ['api-catalog', '/.well-known/api-catalog'],
        ['service-desc', '/.well-known/mcp/server-card.json'],
      ],
    ],
    [
      '/api/agent',
      [
        ['service-desc', '/openapi.json'],
        ['service-doc', '/agents'],
        ['llms-txt', '/llms.txt'],
        ['api-catalog', '/.well-known/api-catalog'],
        ['service-desc', '/.well-known/mcp/server-card.json'],
      ],
    ],
  ])('%s links %j, and every target answers 200', async (pathname, expected) => {
    const response = await fetch(`${app.url}${pathname}`);
    expect(response.status).toBe(200);
    const links = linksOf(response.headers.get('link'));
    for (const [rel, target] of expected)
      expect(
        links.some((link) => link.params.rel === rel && link.target === target),
        `${rel} ${target}`,
      ).toBe(true);
    const card = links.find((link) => link.target === '/.well-known/mcp/server-card.json');
    expect(card?.params.anchor).toBe('/api/mcp');
    for (const link of links) {
      const target = await fetch(new URL(link.target, `${app.url}${pathname}`));
      expect(target.status, link.target).toBe(200);
      if (link.params.type)
        expect(target.headers.get('content-type'), link.target).toContain(link.params.type.split(';')[0]);
    }
  });
});
