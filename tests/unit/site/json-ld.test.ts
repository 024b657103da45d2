import { describe, expect, it } from 'vitest';
import { loadContent } from '@/lib/content';
import { buildHomeJsonLd, buildPageJsonLd, serializeJsonLd } from '@/lib/site/json-ld';
import { listSitePages } from '@/lib/site/pages';
import { REAL_CONTENT } from '../content/fixtures';

const content = loadContent(REAL_CONTENT);
const pages = listSitePages(content);
type Node = Record<string, unknown> & { '@id'?: string; '@type'?: string };
const ORIGIN = 'https://consultancy.example';
const homeGraph = buildHomeJsonLd(content, ORIGIN)['@graph'] as Node[];
const idOf = (type: string) => homeGraph.find((node) => node['@type'] === type)?.['@id'];

describe('structured data of the pages other than the homepage', () => {
  it.each(pages.filter((page) => page.path !== '/'))(
    '$path: a typed page with its title, description, date and a breadcrumb trail from home',
    (page) => {
      const data = buildPageJsonLd(content, page.path, ORIGIN) as Node;
      expect(data['@context']).toBe('https://schema.org');
      expect(data['@type']).toMatch(/^(WebPage|CollectionPage|AboutPage|ContactPage)$/);
      expect(data).toMatchObject({
        url: `${ORIGIN}${page.path}`,
        name: page.title,
        description: page.description,
        dateModified: page.lastModified,
      });
      const trail = (data.breadcrumb as { itemListElement: Node[] }).itemListElement;
      expect(trail.map((step) => step.position)).toEqual(trail.map((_, i) => i + 1));
      expect(trail[0]).toMatchObject({ name: content.site.home.title, item: `${ORIGIN}/` });
      expect(trail.at(-1)).toMatchObject({ name: page.title, item: `${ORIGIN}${page.path}` });
      expect(trail).toHaveLength(page.path.split('/').length);
    },
  );

  it('an engagement is a Service offered by the consultancy the homepage describes', () => {
    const engagement = content.engagements[0]!;
    const data = buildPageJsonLd(content, `/engagements/${engagement.key}`, ORIGIN) as Node;
    expect(data.mainEntity).toMatchObject({
      '@type': 'Service',
      name: engagement.title,
      provider: { '@id': idOf('ProfessionalService') },
    });
    const trail = (data.breadcrumb as { itemListElement: Node[] }).itemListElement;
    expect(trail[1]).toMatchObject({ name: content.site.pages.engagements.title, item: `${ORIGIN}/engagements` });
  });

  it('a case study is an Article by the consultant the homepage describes; /about is about the consultant', () => {
    const study = content.caseStudies[0]!;
    const data = buildPageJsonLd(content, `/case-studies/${study.slug}`, ORIGIN) as Node;
    expect(data.mainEntity).toMatchObject({
      '@type': 'Article',
      headline: study.title,
      author: { '@id': idOf('Person'), name: content.bio.name },
    });
    expect((buildPageJsonLd(content, '/about', ORIGIN) as Node).mainEntity).toMatchObject({ '@id': idOf('Person') });
    expect((buildPageJsonLd(content, '/contact', ORIGIN) as Node)['@type']).toBe('ContactPage');
  });

  it('names every node and URL absolutely, on the origin it is given', () => {
    const text = JSON.stringify([
      buildHomeJsonLd(content, ORIGIN),
      ...pages.map((page) => buildPageJsonLd(content, page.path, ORIGIN)),
    ]);
    const urls = [...text.matchAll(/"(?:url|@id|item)":"([^"]*)"/g)].map((match) => match[1]);
    expect(urls.length).toBeGreaterThan(pages.length * 3);
    const own = urls.filter((url) => !url?.startsWith('https://schema.org'));
    expect(
      own.filter((url) => !url?.startsWith(`${ORIGIN}/`) && !/^https:\/\/(?!consultancy\.example)/.test(url ?? '')),
    ).toEqual([]);
    expect(homeGraph.map((node) => node['@id'])).toEqual([`${ORIGIN}/#service`, `${ORIGIN}/#person`]);
  });

  it('none for the homepage (it has its own graph) or a path the site lacks', () => {
    expect(buildPageJsonLd(content, '/', ORIGIN)).toBeUndefined();
    expect(buildPageJsonLd(content, '/engagements/nope', ORIGIN)).toBeUndefined();
    expect(buildPageJsonLd(content, '/nope', ORIGIN)).toBeUndefined();
  });

  it('serializes so that no value can end the script element early', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script> & \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> & \u2028' });
  });
});
