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

describe('behind a trusted proxy (TRUST_PROXY=true): its forwarded origin, when it is an http(s) origin', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => app.stop());

  it('X-Forwarded-Host and an https X-Forwarded-Proto make the origin', async () => {
    const headers = { 'X-Forwarded-Host': 'www.site.example:8443', 'X-Forwarded-Proto': 'HTTPS' };
    await expectOrigin(app, headers, 'https://www.site.example:8443');
  });

  it("a chain of proxies: the outermost proxy's entry", async () => {
    const headers = { 'X-Forwarded-Host': 'www.site.example, internal.site', 'X-Forwarded-Proto': 'https, http' };
    await expectOrigin(app, headers, 'https://www.site.example');
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
