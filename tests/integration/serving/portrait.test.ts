import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../lib/content';
import { type AppServer, type RunningApp, startApp } from '../support/app';
import { EDITED_PORTRAIT_DESCRIPTION, editedBuild } from '../support/edited-build';
import { sharedApp } from '../support/shared-app';

/**
 * The consultant's portrait as the pages show it: the run's second build names a photo kept in its copy of
 * content/ (support/edited-build.ts), served through Next's image optimiser by the project's server and by bare
 * `next start` alike; the run's own build, whose content names none, shows her initials in its place.
 */
const SERVERS: AppServer[] = ['project', 'next'];
const PAGES = ['/', '/about'];
const apps = new Map<AppServer, RunningApp>();

beforeAll(async () => {
  const { dist, contentDir } = await editedBuild();
  const env = { CONTENT_DIR: contentDir, NEXT_DIST_DIR: dist };
  for (const server of SERVERS) apps.set(server, await startApp(env, server));
}, 320_000);

afterAll(async () => {
  await Promise.all([...apps.values()].map((app) => app.stop()));
});

const html = async (url: string) => (await fetch(url)).text();

/** The `<img>` elements of a page's HTML whose class is the portrait's. */
const portraitImages = (page: string): string[] =>
  [...page.matchAll(/<img\b[^>]*\bclass="portrait"[^>]*>/g)].map(([tag]) => tag);

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, '&');

describe.each(SERVERS)('a portrait named in content/bio.md, served by %s', (server) => {
  const app = () => apps.get(server) as RunningApp;

  it.each(PAGES)('%s shows it as an <img> with her description, sized so that nothing moves', async (pathname) => {
    const images = portraitImages(await html(`${app().url}${pathname}`));
    expect(images).toHaveLength(1);
    const [image = ''] = images;
    expect(attribute(image, 'alt')).toBe(EDITED_PORTRAIT_DESCRIPTION);
    expect(attribute(image, 'width')).toBe('96');
    expect(attribute(image, 'height')).toBe('96');
    expect(attribute(image, 'src')).toMatch(
      /^\/_next\/image\?url=%2F_next%2Fstatic%2Fmedia%2Fportrait\.[0-9a-f]{12}\.jpg&w=/,
    );
  });

  it.each([
    ['image/avif,image/webp,*/*', 'image/avif'],
    ['image/webp,*/*', 'image/webp'],
  ])('every optimised size answers Accept: %s with %s', async (accept, type) => {
    const image = portraitImages(await html(`${app().url}/about`))[0] ?? '';
    const sources = (attribute(image, 'srcset') ?? attribute(image, 'srcSet') ?? '')
      .split(', ')
      .map((entry) => entry.split(' ')[0]);
    expect(sources.length).toBeGreaterThanOrEqual(2);
    for (const source of sources) {
      const response = await fetch(`${app().url}${source}`, { headers: { Accept: accept } });
      expect(response.status, source).toBe(200);
      expect(response.headers.get('content-type'), source).toBe(type);
      expect((await response.arrayBuffer()).byteLength, source).toBeGreaterThan(0);
    }
  });

  it('leaves the markdown of the about page as the bio’s words, without the photo', async () => {
    const markdown = await html(`${app().url}/about.md`);
    expect(markdown).toContain('Wilhelmina');
    expect(markdown).not.toContain(EDITED_PORTRAIT_DESCRIPTION);
    expect(markdown).not.toMatch(/portrait|_next\/image/);
  });
});

describe('no portrait named in content/bio.md (the shipped content)', () => {
  const { givenName, familyName } = loadContent().bio;
  const initials = `${givenName[0]}${familyName[0]}`;

  it.each(PAGES)('%s shows her initials, hidden from screen readers, and no <img> for a portrait', async (pathname) => {
    const page = await html(`${sharedApp().url}${pathname}`);
    expect(page).toContain(`<span class="portrait portrait--monogram" aria-hidden="true">${initials}</span>`);
    expect(portraitImages(page)).toEqual([]);
    expect(page).not.toMatch(/\/_next\/image|media%2Fportrait\./);
  });
});
