import type { Content } from '@/lib/content';
import { absoluteUrl, siteUrl } from './url';

type JsonLd = Record<string, unknown>;

/**
 * The homepage's structured data: the consultancy as a schema.org ProfessionalService and the consultant as
 * a Person, linked by @id, both built from content/site.json and content/bio.md.
 */
export function buildHomeJsonLd({ site, bio, engagements }: Content): JsonLd {
  const base = siteUrl();
  const personId = `${base}/#person`;
  const serviceId = `${base}/#service`;
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
        url: absoluteUrl('/'),
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
              url: absoluteUrl(`/engagements/${engagement.key}`),
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
        url: absoluteUrl('/about'),
        address,
        worksFor: { '@id': serviceId },
        sameAs: [bio.website, ...bio.social.map((link) => link.url)],
      },
    ],
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
