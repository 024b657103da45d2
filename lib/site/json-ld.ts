import type { Content } from '@/lib/content';
import { type SitePage, listSitePages } from './pages';

type JsonLd = Record<string, unknown>;

/**
 * The homepage's structured data: the consultancy as a schema.org ProfessionalService and the consultant as
 * a Person, linked by @id, both built from content/site.json and content/bio.md.
 */
export function buildHomeJsonLd({ site, bio, engagements }: Content, origin: string): JsonLd {
  const at = absoluteOn(origin);
  const { personId, serviceId } = nodeIds(origin);
  const address = {
    '@type': 'PostalAddress',
    addressLocality: bio.location.city,
    ...(bio.location.region ? { addressRegion: bio.location.region } : {}),
    addressCountry: bio.location.country,
  };
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'ProfessionalService',
        '@id': serviceId,
        name: site.siteName,
        description: site.description,
        url: at('/'),
        email: bio.email,
        telephone: bio.phone,
        address,
        areaServed: 'Worldwide',
        founder: { '@id': personId },
        employee: { '@id': personId },
        hasOfferCatalog: {
          '@type': 'OfferCatalog',
          name: site.pages.engagements.title,
          itemListElement: engagements.map((engagement) => ({
            '@type': 'Offer',
            itemOffered: {
              '@type': 'Service',
              name: engagement.title,
              description: engagement.summary,
              url: at(`/engagements/${engagement.key}`),
            },
          })),
        },
      },
      {
        '@type': 'Person',
        '@id': personId,
        name: bio.name,
        givenName: bio.givenName,
        familyName: bio.familyName,
        jobTitle: bio.role,
        description: bio.summary,
        email: bio.email,
        telephone: bio.phone,
        url: at('/about'),
        address,
        worksFor: { '@id': serviceId },
        sameAs: [bio.website, ...bio.social.map((link) => link.url)],
      },
    ],
  };
}

/** A path of the site as an absolute URL on `origin`, as every URL and @id here is (docs/serving.md, "One origin"). */
const absoluteOn =
  (origin: string) =>
  (path: string): string =>
    `${origin}${path}`;

/** The @id of the consultancy and of the consultant, the nodes every page's structured data points to. */
function nodeIds(origin: string): { personId: string; serviceId: string } {
  return { personId: `${origin}/#person`, serviceId: `${origin}/#service` };
}

/** The schema.org type of a page other than the homepage, by where it sits in the site. */
function pageTypeOf(path: string): string {
  if (path === '/engagements' || path === '/case-studies') return 'CollectionPage';
  if (path === '/about') return 'AboutPage';
  if (path === '/contact') return 'ContactPage';
  return 'WebPage';
}

/** Home, then each page above `page` in the site's tree, then the page itself. */
function trailOf(page: SitePage, pages: readonly SitePage[]): SitePage[] {
  const segments = page.path.split('/').filter(Boolean);
  const ancestors = segments.map((_, i) => `/${segments.slice(0, i).join('/')}`);
  return [...ancestors, page.path].flatMap((path) => pages.find((candidate) => candidate.path === path) ?? []);
}

/**
 * The structured data of a page other than the homepage: the page (a schema.org WebPage or the subtype its place
 * gives it) with its title, description and date from lib/site/pages.ts, its breadcrumb trail, and what it is
 * about: an engagement's Service offered by the consultancy, a case study's Article by the consultant, the
 * consultant on /about. Undefined for a path the site does not have.
 */
export function buildPageJsonLd(content: Content, path: string, origin: string): JsonLd | undefined {
  const pages = listSitePages(content);
  const page = pages.find((candidate) => candidate.path === path);
  if (!page || path === '/') return undefined;
  const at = absoluteOn(origin);
  const { personId, serviceId } = nodeIds(origin);
  const url = at(path);
  const provider = {
    '@type': 'ProfessionalService',
    '@id': serviceId,
    name: content.site.siteName,
    url: at('/'),
  };
  const [, section, item] = path.split('/');
  const engagement = section === 'engagements' && item ? content.engagements.find((e) => e.key === item) : undefined;
  const study = section === 'case-studies' && item ? content.caseStudies.find((s) => s.slug === item) : undefined;
  const author = { '@type': 'Person', '@id': personId, name: content.bio.name, url: at('/about') };
  const mainEntity = engagement
    ? { '@type': 'Service', name: engagement.title, description: engagement.summary, url, provider }
    : study
      ? { '@type': 'Article', headline: study.title, description: study.summary, dateModified: study.updated, author }
      : path === '/about'
        ? author
        : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': pageTypeOf(path),
    '@id': `${url}#webpage`,
    url,
    name: page.title,
    description: page.description,
    dateModified: page.lastModified,
    isPartOf: { '@type': 'WebSite', url: at('/'), name: content.site.siteName, publisher: provider },
    ...(mainEntity ? { mainEntity } : {}),
    breadcrumb: {
      '@type': 'BreadcrumbList',
      itemListElement: trailOf(page, pages).map((step, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: step.title,
        item: at(step.path),
      })),
    },
  };
}

/**
 * JSON for a <script type="application/ld+json"> element. JSON.stringify does not escape `<`, so a value such
 * as "</script>" would end the element early; the characters that matter in HTML are written as \u escapes,
 * which leaves the JSON value unchanged. U+2028/U+2029 are escaped for old JavaScript parsers.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
