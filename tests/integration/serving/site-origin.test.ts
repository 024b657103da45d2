import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '@/lib/agent/resources';
import { loadContent } from '@/lib/content';
import { resourcePath } from '@/lib/http/api-paths';
import { DISCOVERY_FILES } from '@/lib/insights/request-surface';
import { listSitePages, markdownPath } from '@/lib/site/pages';
import { type RunningApp, ROOT, startApp } from '../support/app';
import { rawRequest } from '../support/raw-http';

/**
 * One build names one origin, decided when the server runs: SITE_URL when it is set, else the origin each request
 * came to. Every document that prints the site's address names that origin and no other: not the build's, not a
 * `localhost:3000` default, not another request's. The documents are listed from the site's own lists (its pages,
 * its discovery files, its resources, every route file without a parameter, and what their Link headers point
 * to), so a new one is checked without being named here.
 */

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The path of every route file under app/ that takes no parameter (`app/llms.txt/route.ts` is /llms.txt). */
function routeFilePaths(): string[] {
  const app = path.join(ROOT, 'app');
  return fs
    .readdirSync(app, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)route\.tsx?$/.test(file) && !file.includes('['))
    .map((file) => `/${path.dirname(file)}`.replace(/\/\.$/, ''));
}

interface Asked {
  path: string;
  accept?: string;
}

/** Every document that may print the site's address, each page as HTML and as markdown. */
function documents(): Asked[] {
  const pages = listSitePages(loadContent()).flatMap(({ path: page }): Asked[] => [
    { path: page, accept: BROWSER_ACCEPT },
    { path: markdownPath(page) },
    { path: page, accept: 'text/markdown' },
  ]);
  const others = [
    ...DISCOVERY_FILES,
    ...routeFilePaths(),
    ...RESOURCES.map((resource) => resourcePath(resource.name)),
    '/no-such-page.md',
  ];
  return [...pages, ...[...new Set(others)].map((other) => ({ path: other }))];
}

/** Targets of a Link header that are paths on this site. */
const linkTargets = (header: string | undefined): string[] =>
  [...(header ?? '').matchAll(/<(\/[^>]*)>/g)].flatMap((match) => match[1] ?? []);

/** The origins of the absolute http(s) URLs in a text. */
const originsIn = (text: string): string[] =>
  [...text.matchAll(/https?:\/\/[a-z0-9.[\]:-]+/gi)].flatMap((match) =>
    URL.canParse(match[0]) ? [new URL(match[0]).origin] : [],
  );

/** What Next writes itself: the sitemap's XML namespace. */
const WRITTEN_BY_NEXT = ['http://www.sitemaps.org'];

/**
 * The origins other than the site's that a document may name: those written in the content (the consultant's
 * website and profiles), in the code (schema.org, the specifications' schemas) or by Next. The origin a build was
 * made for, a default or another request's origin is written in none of them.
 */
function writtenOrigins(): Set<string> {
  const origins = new Set<string>(WRITTEN_BY_NEXT);
  for (const folder of ['content', 'lib', 'app']) {
    for (const file of fs.readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })) {
      const full = path.join(ROOT, folder, file);
      if (!/\.(md|json|ts|tsx)$/.test(file) || !fs.statSync(full).isFile()) continue;
      for (const origin of originsIn(fs.readFileSync(full, 'utf8'))) origins.add(origin);
    }
  }
  for (const origin of origins) if (/^http:\/\/(localhost|127\.|\[::1\])/.test(origin)) origins.delete(origin);
  return origins;
}
const WRITTEN = writtenOrigins();

/**
 * Asks for every document at `host` (the Host header; the connection goes to the app's own address) and expects
 * each to name `origin` wherever it names the site: any other origin it names must be one written in the content
 * or the code, so never the build's, a `localhost:3000` default or another request's.
 */
async function expectOneOrigin(app: RunningApp, host: string, origin: string, extra = ''): Promise<void> {
  const asked = documents();
  const seen = new Set(asked.map((document) => `${document.path} ${document.accept ?? ''}`));
  for (let i = 0; i < asked.length; i++) {
    const { path: target, accept } = asked[i]!;
    const head = `GET ${target} HTTP/1.1\r\nHost: ${host}${accept ? `\r\nAccept: ${accept}` : ''}${extra}`;
    const answer = await rawRequest(app.url, head);
    const label = `${target}${accept ? ` (Accept: ${accept.split(',')[0]})` : ''} at ${host}`;
    expect(answer.status, label).toBeLessThan(500);
    for (const link of linkTargets(answer.headers.link)) {
      if (seen.has(`${link} `)) continue;
      seen.add(`${link} `);
      asked.push({ path: link });
    }
    const type = answer.headers['content-type'] ?? '';
    if (/^(image|font)\//.test(type)) continue;
    const text = `${answer.headers.link ?? ''}\n${answer.headers.location ?? ''}\n${answer.body}`;
    expect(text, label).not.toContain('localhost:3000');
    for (const other of originsIn(text))
      expect(other === origin || WRITTEN.has(other), `${label} names ${other}, not ${origin}`).toBe(true);
    // Markdown and the discovery files print absolute URLs by their formats; other documents may print paths.
    const absoluteByFormat = target.endsWith('.md') || accept === 'text/markdown' || DISCOVERY_FILES.has(target);
    if (absoluteByFormat) expect(text.includes(origin), `${label} names ${origin}`).toBe(true);
    if (/^text\/html/.test(type) && answer.status === 200) {
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(answer.body)?.[1];
      expect(canonical, label).toBeDefined();
      expect(new URL(canonical ?? '', `${origin}${target}`).href.replace(/\/$/, ''), label).toBe(
        `${origin}${target}`.replace(/\/$/, ''),
      );
      const image = /<meta property="og:image" content="([^"]*)"/.exec(answer.body)?.[1];
      expect(image, label).toBeDefined();
      expect(new URL(image ?? '', `${origin}${target}`).origin, label).toBe(origin);
    }
  }
}

describe('SITE_URL given at start: every document names it', () => {
  const SITE_URL = 'https://consultant.example';
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ SITE_URL });
  });
  afterAll(() => app?.stop());

  it('asked at the site address and at a loopback address, every document names SITE_URL', async () => {
    await expectOneOrigin(app, 'consultant.example', SITE_URL);
    await expectOneOrigin(app, new URL(app.url).host, SITE_URL);
  });
});

describe('without SITE_URL: every document names the origin the request came to', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ SITE_URL: '' });
  });
  afterAll(() => app?.stop());

  it('two hosts of one server, each named alone in what it is answered, whatever forwarding headers say', async () => {
    const { port } = new URL(app.url);
    // Without TRUST_PROXY a client's forwarding headers are not believed (public-origin.test.ts).
    const forged = '\r\nX-Forwarded-Host: evil.example\r\nX-Forwarded-Proto: https';
    await expectOneOrigin(app, `127.0.0.1:${port}`, `http://127.0.0.1:${port}`);
    await expectOneOrigin(app, `localhost:${port}`, `http://localhost:${port}`, forged);
  });
});
