import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../lib/content';
import { type RunningApp, startApp } from '../support/app';
import { EDITED_NAME, editedBuild } from '../support/edited-build';

/**
 * Changing the consultant's name in content/bio.md changes the homepage and every page that shows it, with no
 * code change. The run's build of a copy of content/ with another name (support/edited-build.ts) is served for real.
 */
const original = loadContent().bio.name;
const renamed = EDITED_NAME;
let app: RunningApp;

beforeAll(async () => {
  const { dist, contentDir } = await editedBuild();
  app = await startApp({ CONTENT_DIR: contentDir, NEXT_DIST_DIR: dist });
}, 320_000);

afterAll(async () => {
  await app?.stop();
});

describe('the consultant’s name comes from content/bio.md alone', () => {
  it('every page in the sitemap shows the new name and none the old one', async () => {
    const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    expect(paths.length).toBeGreaterThan(8);
    for (const pathname of ['/', '/about', '/contact']) expect(paths).toContain(pathname);
    for (const pathname of paths) {
      const html = await (await fetch(`${app.url}${pathname}`)).text();
      expect(html, pathname).not.toContain(original);
      if (['/', '/about', '/contact'].includes(pathname)) expect(html, pathname).toContain(renamed);
    }
  });

  it('so do the API, the vCard and the homepage markdown', async () => {
    const bio = await (await fetch(`${app.url}/api/agent/resources/bio`)).json();
    expect(bio.content).toContain(renamed);
    const card = await (
      await fetch(`${app.url}/api/agent/resources/contact-card`, { headers: { Accept: 'text/vcard' } })
    ).text();
    expect(card).toContain(`FN:${renamed.replace(/,/g, '\\,')}`);
    const markdown = await (await fetch(`${app.url}/`, { headers: { Accept: 'text/markdown' } })).text();
    expect(markdown).toContain(renamed);
    expect(markdown).not.toContain(original);
  });
});
