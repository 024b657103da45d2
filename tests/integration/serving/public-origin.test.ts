import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../support/app';
import { sharedApp } from '../support/shared-app';

/**
 * The absolute URLs of the publicly cacheable documents, without SITE_URL: a client's X-Forwarded-Host and
 * X-Forwarded-Proto must never reach them (a shared cache in front would keep the forged copy for everyone);
 * behind a trusted proxy (TRUST_PROXY=true) the forwarded origin is used, but only an http(s) scheme and a
 * host[:port]. Run on both serving paths (vitest.config.ts).
 */
const DOCUMENTS = [
  '/api/agent',
  '/mcp.json',
  '/.well-known/mcp/server-card.json',
  '/api/mcp',
  '/api/agent/resources/engagements',
];

/** URLs these documents print that are not the site's own: the resources' URIs and the server card's schema. */
const NOT_THE_SITE = [/^consultancy:\/\//, /^ui:\/\//, /^https:\/\/static\.modelcontextprotocol\.io\//];

/** Every absolute URL (any scheme) in a document's JSON text. */
function urlsIn(text: string): string[] {
  return [...text.matchAll(/"([a-z][a-z0-9+.-]*:[^"\s]*)"/gi)]
    .map((match) => match[1] ?? '')
    .filter((value) => /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^javascript:/i.test(value));
}

/** Fetches every document with `headers`; expects each to print its own URLs on `origin` and none elsewhere. */
async function expectOrigin(app: Pick<RunningApp, 'url'>, headers: Record<string, string>, origin: string) {
  for (const document of DOCUMENTS) {
    const response = await fetch(`${app.url}${document}`, { headers });
    expect(response.status, document).toBe(200);
    const text = await response.text();
    const own = urlsIn(text).filter((url) => !NOT_THE_SITE.some((pattern) => pattern.test(url)));
    expect(own.length, document).toBeGreaterThan(0);
    for (const url of own) expect(url === origin || url.startsWith(`${origin}/`), `${document}: ${url}`).toBe(true);
    expect(text.toLowerCase(), document).not.toContain('javascript:');
    expect(text, document).not.toContain('evil.example');
  }
}

const FORGED: [label: string, headers: Record<string, string>][] = [
  ['another host and https', { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' }],
  ['a javascript: scheme', { 'X-Forwarded-Proto': 'javascript' }],
  [
    'a javascript: scheme and another host',
    { 'X-Forwarded-Proto': 'javascript:alert(1)//', 'X-Forwarded-Host': 'evil.example' },
  ],
  ['a garbage host', { 'X-Forwarded-Host': 'evil.example/"><script>x</script>' }],
  ['a host with a space and a list of schemes', { 'X-Forwarded-Host': 'a b', 'X-Forwarded-Proto': 'https, http' }],
];

describe('without SITE_URL or TRUST_PROXY: forwarding headers are not believed', () => {
  const app = sharedApp();

  it('no forwarding headers: the origin the request came to', async () => {
    await expectOrigin(app, {}, app.url);
  });

  it.each(FORGED)('forged %s: still the origin the request came to', async (_label, headers) => {
    await expectOrigin(app, headers, app.url);
  });
});

/** Documents in other formats that print the origin: robots.txt, llms.txt, the sitemap, OpenAPI, the API catalog. */
const TEXT_DOCUMENTS = ['/robots.txt', '/llms.txt', '/sitemap.xml', '/openapi.json', '/.well-known/api-catalog'];

/** The tokens of an answer's Vary, in lower case. */
const varyOf = (response: Response) =>
  (response.headers.get('vary') ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);

const ORIGIN_VARY = ['x-forwarded-host', 'x-forwarded-proto', 'forwarded'];

describe('without SITE_URL or TRUST_PROXY: the origin depends on Host alone', () => {
  const app = sharedApp();

  it('no document names a forwarding header in Vary: a cache keys on Host already', async () => {
    for (const document of [...DOCUMENTS, ...TEXT_DOCUMENTS]) {
      const response = await fetch(`${app.url}${document}`);
      await response.arrayBuffer();
      for (const name of ORIGIN_VARY) expect(varyOf(response), document).not.toContain(name);
    }
  });
});

describe("behind a trusted proxy (TRUST_PROXY=true): the proxy's forwarded origin, when it names this site", () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ TRUST_PROXY: 'true', ALLOWED_HOSTS: 'www.site.example' });
  });
  afterAll(() => app.stop());

  it("X-Forwarded-Host naming one of the site's names and an https X-Forwarded-Proto make the origin", async () => {
    const headers = { 'X-Forwarded-Host': 'www.site.example:8443', 'X-Forwarded-Proto': 'HTTPS' };
    await expectOrigin(app, headers, 'https://www.site.example:8443');
  });

  it('a chain of proxies: the entry the proxy next to the server wrote (the last)', async () => {
    const headers = { 'X-Forwarded-Host': 'attacker.example, www.site.example', 'X-Forwarded-Proto': 'http, https' };
    await expectOrigin(app, headers, 'https://www.site.example');
  });

  it("a forwarded host that is not one of the site's names is ignored: the Host header stays", async () => {
    const host = new URL(app.url).host;
    for (const forged of [
      'attacker.example',
      'www.site.example, attacker.example',
      'www.site.example.attacker.example',
    ]) {
      await expectOrigin(app, { 'X-Forwarded-Host': forged, 'X-Forwarded-Proto': 'https' }, `https://${host}`);
    }
  });

  it("RFC 7239's Forwarded header: its last element's host and proto, under the same checks", async () => {
    const host = new URL(app.url).host;
    await expectOrigin(
      app,
      { Forwarded: 'for=198.51.100.7;host=attacker.example, for=203.0.113.4;host="www.site.example";proto=https' },
      'https://www.site.example',
    );
    await expectOrigin(app, { Forwarded: 'for=203.0.113.4;host=attacker.example;proto=https' }, `https://${host}`);
  });

  it('no document in any format names a host the client chose, and each names the forwarding headers in Vary', async () => {
    const headers = { 'X-Forwarded-Host': 'attacker.example', 'X-Forwarded-Proto': 'https' };
    for (const document of [...DOCUMENTS, ...TEXT_DOCUMENTS, '/about.md']) {
      const response = await fetch(`${app.url}${document}`, { headers });
      expect(response.status, document).toBe(200);
      expect(await response.text(), document).not.toContain('attacker.example');
      for (const name of ORIGIN_VARY) expect(varyOf(response), `${document}: ${name}`).toContain(name);
    }
  });

  it('pages name no origin at all, so no forwarded host reaches them', async () => {
    const headers = { 'X-Forwarded-Host': 'attacker.example', 'X-Forwarded-Proto': 'https' };
    for (const page of ['/', '/about', '/contact']) {
      const response = await fetch(`${app.url}${page}`, { headers });
      expect(response.status, page).toBe(200);
      expect(await response.text(), page).not.toContain('attacker.example');
    }
  });

  it('a scheme other than http or https is refused: the host stays, the scheme is http', async () => {
    for (const proto of ['javascript', 'javascript:alert(1)//', 'ftp', 'data']) {
      await expectOrigin(
        app,
        { 'X-Forwarded-Host': 'www.site.example', 'X-Forwarded-Proto': proto },
        'http://www.site.example',
      );
    }
  });

  it('a host that is not a host[:port] is refused: the Host header stays', async () => {
    const host = new URL(app.url).host;
    for (const forged of ['evil.example/"><script>x</script>', 'a b', 'evil.example:99999', 'user@evil.example']) {
      await expectOrigin(app, { 'X-Forwarded-Host': forged, 'X-Forwarded-Proto': 'https' }, `https://${host}`);
    }
  });
});
