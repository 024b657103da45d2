import SwaggerParser from '@apidevtools/swagger-parser';
import matter from 'gray-matter';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../lib/content';
import { API_VERSION } from '../../../lib/api-version';
import { sharedApp } from '../support/shared-app';

/**
 * Every page for agents and crawlers. Their URLs are on the origin the server runs at (site-origin.test.ts holds
 * that); links are followed by their path on the test server, so these checks hold under any origin.
 */
const content = loadContent();
const app = sharedApp();
let pagePaths: string[];

const local = (url: string) => {
  const parsed = new URL(url);
  return `${app.url}${parsed.pathname}${parsed.search}`;
};
const varyTokens = (response: Response) =>
  (response.headers.get('vary') ?? '').split(',').map((t) => t.trim().toLowerCase());
/** The token estimate docs/agents-and-crawlers.md states: one token per four characters, rounded up. */
const tokenEstimate = (body: string) => String(Math.ceil([...body].length / 4));
const linksOf = (markdown: string) => [...markdown.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)/gm)].map((m) => m[2] ?? '');

beforeAll(async () => {
  const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
  pagePaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
});

describe('every page in the sitemap as markdown', () => {
  it('on Accept: text/markdown and at <page>.md, with the same body, front matter and alternate link', async () => {
    expect(pagePaths.length).toBeGreaterThanOrEqual(8 + content.engagements.length + content.caseStudies.length - 4);
    for (const path of pagePaths) {
      const negotiated = await fetch(`${app.url}${path}`, { headers: { Accept: 'text/markdown' } });
      const mdPath = path === '/' ? '/index.md' : `${path}.md`;
      const direct = await fetch(`${app.url}${mdPath}`);
      for (const response of [negotiated, direct]) {
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type'), path).toBe('text/markdown; charset=utf-8');
        expect(varyTokens(response), path).toContain('accept');
      }
      const body = await negotiated.text();
      expect(await direct.text(), path).toBe(body);
      expect(body.length, path).toBeLessThan(50_000);
      // Parsed by a YAML parser, under the names of Vercel's Agent Readability Spec.
      const front = matter(body).data;
      expect(Object.keys(front).sort(), path).toEqual(['canonical_url', 'description', 'last_updated', 'title']);
      expect(front.title, path).toMatch(/.+/);
      expect(front.description, path).toMatch(/.+/);
      expect(new URL(front.canonical_url).pathname, path).toBe(path);
      expect(front.last_updated, path).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const response of [negotiated, direct])
        expect(response.headers.get('x-markdown-tokens'), path).toBe(tokenEstimate(body));
      expect(body, path).toMatch(/\/llms\.txt/);
      const html = await fetch(`${app.url}${path}`);
      expect(html.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(varyTokens(html), path).toContain('accept');
      expect(html.headers.get('link') ?? '', path).toContain('</llms.txt>');
      const page = await html.text();
      expect(page, path).toMatch(
        new RegExp(`<link rel="alternate" type="text/markdown" href="[^"]*${mdPath.replace(/\./g, '\\.')}"`),
      );
    }
  });

  it('an unknown page asked for as markdown is a 404 in markdown pointing to the two indexes', async () => {
    const answers = [
      await fetch(`${app.url}/no-such-page`, { headers: { Accept: 'text/markdown' } }),
      await fetch(`${app.url}/no-such-page`, { headers: { Accept: 'text/markdown, text/html;q=0.5' } }),
      await fetch(`${app.url}/no-such-page.md`),
      await fetch(`${app.url}/engagements/no-such-engagement.md`),
    ];
    for (const response of answers) {
      expect(response.status, response.url).toBe(404);
      expect(response.headers.get('content-type'), response.url).toBe('text/markdown; charset=utf-8');
      const body = await response.text();
      expect(body, response.url).toMatch(/^# /);
      expect(body, response.url).toContain('/llms.txt');
      expect(body, response.url).toContain('/sitemap.md');
      expect(response.headers.get('x-markdown-tokens'), response.url).toBe(tokenEstimate(body));
    }
    // Browsers still get the HTML 404 page.
    const html = await fetch(`${app.url}/no-such-page`);
    expect(html.status).toBe(404);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it.each([
    ['text/markdown', 'markdown'],
    ['text/markdown, text/html, */*', 'markdown'],
    ['text/markdown;q=0', 'html'],
    ['text/html;q=0.9, text/markdown', 'markdown'],
    ['text/html, text/markdown;q=0.8', 'html'],
    ['*/*', 'html'],
    [undefined, 'html'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', 'html'],
    ['text/*;q=0.5, text/markdown', 'markdown'],
    ['text/plain, text/markdown;q=0.9, */*;q=0.1', 'markdown'],
    ['application/json', 'html'],
    ['text/markdown;q=0, */*', 'html'],
  ])('negotiation on /about: Accept %s gives %s', async (accept, expected) => {
    const response = await fetch(`${app.url}/about`, { headers: accept ? { Accept: accept } : {} });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(expected === 'markdown' ? /^text\/markdown/ : /^text\/html/);
  });
});

describe('/llms.txt and /llms-full.txt', () => {
  it('follows the llmstxt.org grammar, and every link resolves', async () => {
    const response = await fetch(`${app.url}/llms.txt`);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    const lines = text.split('\n');
    // H1 first, then a blockquote, then free text, then H2 sections of link lists.
    expect(lines[0]).toBe(`# ${content.site.siteName}`);
    const firstSection = lines.findIndex((line) => line.startsWith('## '));
    const preamble = lines.slice(1, firstSection);
    expect(preamble.find((line) => line.trim() !== '')).toMatch(/^> .+/);
    expect(preamble.some((line) => /^#/.test(line))).toBe(false);
    const sections = new Map<string, string[]>();
    let current = '';
    for (const line of lines.slice(firstSection)) {
      if (line.startsWith('## ')) {
        current = line.slice(3);
        sections.set(current, []);
      } else if (line.trim() !== '') {
        expect(line, `a list entry in ${current}`).toMatch(/^- \[[^\]]+\]\([^)]+\)(: .+)?$/);
        sections.get(current)?.push(line);
      }
    }
    expect([...sections.keys()].at(-1)).toBe('Optional');
    const links = linksOf(text);
    for (const required of ['/index.md', '/api/agent', '/mcp.json', '/openapi.json', '/llms-full.txt', '/sitemap.md']) {
      expect(
        links.some((url) => new URL(url).pathname === required),
        required,
      ).toBe(true);
    }
    for (const name of ['bio', 'case-studies', 'engagements', 'contact-card']) {
      expect(links.some((url) => url.endsWith(`/api/agent/resources/${name}`))).toBe(true);
    }
    for (const path of pagePaths)
      expect(
        links.some((url) => new URL(url).pathname === (path === '/' ? '/index.md' : `${path}.md`)),
        path,
      ).toBe(true);
    // Every link answers a GET with 200: an agent following them never meets a POST-only URL.
    for (const url of links) {
      const target = await fetch(local(url));
      expect(target.status, url).toBe(200);
      // A link to a section names an element the page has.
      const fragment = new URL(url).hash.slice(1);
      if (fragment) expect(await target.text(), url).toContain(`id="${fragment}"`);
    }
    const agentsPage = await (await fetch(`${app.url}/agents`)).text();
    for (const tool of ['evaluate-client-needs', 'schedule-consultation']) {
      expect(links, tool).toContainEqual(expect.stringMatching(new RegExp(`/agents#${tool}$`)));
      expect(agentsPage, tool).toContain(`id="${tool}"`);
    }
    expect(links.some((url) => url.includes('/api/agent/tools/'))).toBe(false);
  });

  it('llms-full.txt holds every page’s markdown', async () => {
    const full = await (await fetch(`${app.url}/llms-full.txt`)).text();
    for (const path of pagePaths) {
      const md = await (await fetch(`${app.url}${path === '/' ? '/index.md' : `${path}.md`}`)).text();
      expect(full).toContain(md);
    }
  });
});

describe('/sitemap.md', () => {
  it('lists every page once, grouped under headings, with its markdown address; every link is that markdown', async () => {
    const response = await fetch(`${app.url}/sitemap.md`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await response.text();
    expect(response.headers.get('x-markdown-tokens')).toBe(tokenEstimate(text));
    expect(text).toMatch(/^# .+/);
    const sections = text.split(/^## /m).slice(1);
    expect(sections.length).toBeGreaterThanOrEqual(3);
    for (const section of sections) expect(linksOf(section).length, section.split('\n')[0]).toBeGreaterThan(0);
    // One line each: a link and a description.
    for (const line of text.split('\n').filter((l) => l.startsWith('- ')))
      expect(line).toMatch(/^- \[[^\]]+\]\([^)]+\.md\): .+$/);
    const links = linksOf(text);
    expect(links.map((url) => new URL(url).pathname).sort()).toEqual(
      pagePaths.map((path) => (path === '/' ? '/index.md' : `${path}.md`)).sort(),
    );
    for (const url of links) {
      const page = await fetch(local(url));
      expect(page.status, url).toBe(200);
      expect(page.headers.get('content-type'), url).toBe('text/markdown; charset=utf-8');
    }
  });
});

describe('/openapi.json and the API catalog', () => {
  it('is valid OpenAPI 3.1 by a real validator and agrees with the manifest', async () => {
    const document = await (await fetch(`${app.url}/openapi.json`)).json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(API_VERSION);
    await SwaggerParser.validate(structuredClone(document));
    const manifest = await (await fetch(`${app.url}/api/agent`)).json();
    const paths = Object.keys(document.paths);
    for (const tool of manifest.tools) {
      const path = new URL(tool.url).pathname;
      expect(paths).toContain(path);
      const operation = document.paths[path].post;
      expect(operation.operationId).toBe(tool.name);
      const schemaName = operation.requestBody.content['application/json'].schema.$ref.split('/').at(-1);
      const schema = document.components.schemas[schemaName];
      expect(Object.keys(schema.properties)).toEqual(Object.keys(tool.body));
    }
    expect(paths).toContain('/api/agent');
    expect(paths).toContain('/api/agent/resources/{name}');
    expect(document.paths['/api/agent/resources/{name}'].get.parameters[0].schema.enum).toEqual(
      manifest.resources.map((r: { name: string }) => r.name),
    );
    expect(document.components.schemas.ErrorBody.properties.error.required).toEqual(['code', 'message', 'resolution']);
    expect(Object.keys(document.components.headers)).toEqual(
      expect.arrayContaining([
        'REST-Version',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'RateLimit-Policy',
      ]),
    );
  });

  it('/.well-known/api-catalog is an RFC 9727 linkset pointing to openapi.json and the agents page', async () => {
    const response = await fetch(`${app.url}/.well-known/api-catalog`);
    expect(response.headers.get('content-type')).toMatch(/^application\/linkset\+json/);
    const { linkset } = await response.json();
    expect(new URL(linkset[0]['service-desc'][0].href).pathname).toBe('/openapi.json');
    expect(new URL(linkset[0]['service-doc'][0].href).pathname).toBe('/agents');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('welcomes AI crawlers by name, carries a Content-Signal line and the sitemap', async () => {
    const robots = await (await fetch(`${app.url}/robots.txt`)).text();
    for (const agent of ['GPTBot', 'ClaudeBot', 'PerplexityBot', 'Google-Extended'])
      expect(robots).toContain(`User-Agent: ${agent}`);
    expect(robots).toMatch(/^Content-Signal: .*search=yes.*ai-input=yes/m);
    expect(robots).toMatch(/^Sitemap: .+\/sitemap\.xml$/m);
  });

  it('sitemap lastmod dates come from content, not the build', async () => {
    const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
    const dates = [...sitemap.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((match) => (match[1] ?? '').slice(0, 10));
    expect(dates.length).toBe(pagePaths.length);
    const contentDates = new Set([
      content.site.updated,
      content.bio.updated,
      ...content.engagements.map((e) => e.updated),
      ...content.caseStudies.map((c) => c.updated),
    ]);
    for (const date of dates) expect(contentDates.has(date), date).toBe(true);
  });
});
