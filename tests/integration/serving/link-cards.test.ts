import ogs from 'open-graph-scraper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../support/app';

/**
 * What a link unfurler (LinkedIn, Slack, X, iMessage) reads of each page, read here with a kept Open Graph parser
 * (open-graph-scraper) from the HTML the built app serves: a title, a description, the page's own absolute URL and
 * an absolute image on the origin the page is served at, which answers as a 1200×630 PNG. One build, three origins:
 * the address the server is asked at, SITE_URL, and the one a trusted proxy forwards.
 */
async function sitemapPaths(app: RunningApp): Promise<string[]> {
  const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '/').pathname);
  expect(paths.length).toBeGreaterThan(10);
  return paths;
}

/** Width and height from a PNG's IHDR chunk, which follows the 8-byte signature and the chunk's length and type. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Reads every page's card as served to `headers`, expecting every URL on `origin`; fetches the image at `app`. */
async function expectCards(app: RunningApp, origin: string, headers: Record<string, string> = {}) {
  const images = new Set<string>();
  for (const path of await sitemapPaths(app)) {
    const response = await fetch(`${app.url}${path}`, { headers: { Accept: 'text/html', ...headers } });
    expect(response.status, path).toBe(200);
    const { error, result } = await ogs({ html: await response.text() });
    expect(error, path).toBe(false);
    expect(result.ogTitle, path).toMatch(/\S/);
    expect(result.ogDescription, path).toMatch(/\S/);
    expect(result.ogUrl, path).toBe(`${origin}${path}`);
    expect(result.twitterCard, path).toBe('summary_large_image');
    const image = result.ogImage?.[0];
    expect(image?.url, path).toBe(`${origin}/social-image.png`);
    expect(result.twitterImage?.[0]?.url, path).toBe(image?.url);
    expect([image?.width, image?.height], path).toEqual(['1200', '630']);
    images.add(image?.url ?? '');
  }
  for (const url of images) {
    // The image's own path on the app: the origin a page names may be one this test cannot reach (SITE_URL).
    const answer = await fetch(`${app.url}${new URL(url).pathname}`, { headers });
    expect(answer.status, url).toBe(200);
    expect(answer.headers.get('content-type'), url).toBe('image/png');
    expect(pngSize(new Uint8Array(await answer.arrayBuffer())), url).toEqual({ width: 1200, height: 630 });
  }
}

describe('link cards on the address the server is asked at (no SITE_URL)', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ SITE_URL: '', TRUST_PROXY: 'true', ALLOWED_HOSTS: 'www.consultancy.example' });
  });
  afterAll(() => app?.stop());

  it('every page names itself and its image absolutely on that address', async () => {
    await expectCards(app, app.url);
  });

  it('the same build, reached through a trusted proxy at another name, names that origin instead', async () => {
    const forwarded = { 'X-Forwarded-Host': 'www.consultancy.example', 'X-Forwarded-Proto': 'https' };
    await expectCards(app, 'https://www.consultancy.example', forwarded);
    // The address asked at directly still gets its own pages, not the other origin's.
    const page = await (await fetch(`${app.url}/about`)).text();
    expect((await ogs({ html: page })).result.ogUrl).toBe(`${app.url}/about`);
  });

  it('a client cannot make a page name an origin the site does not answer at', async () => {
    const forged = { 'X-Forwarded-Host': 'attacker.example', 'X-Forwarded-Proto': 'https' };
    const page = await (await fetch(`${app.url}/about`, { headers: forged })).text();
    expect(page).not.toContain('attacker.example');
    // Nor reach the pages of another origin by their internal path: every path a client asks is a page path.
    const internal = `/${Buffer.from('https://attacker.example').toString('base64url')}/about`;
    const answer = await fetch(`${app.url}${internal}`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('attacker.example');
  });
});

describe('link cards with SITE_URL', () => {
  const SITE_URL = 'https://consultancy.example';
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ SITE_URL });
  });
  afterAll(() => app?.stop());

  it('every page names SITE_URL, whatever address it is asked at', async () => {
    await expectCards(app, SITE_URL);
  });
});
