import type { Content } from '@/lib/content';

/** One human page of the site, as listed in the sitemap. */
export interface SitePage {
  path: string;
  title: string;
  /** YYYY-MM-DD: the newest `updated` date of the content the page shows (never the build time). */
  lastModified: string;
}

/** The newest of some YYYY-MM-DD dates; ISO dates sort as text. */
export function latestDate(...dates: readonly string[]): string {
  return dates.reduce((latest, date) => (date > latest ? date : latest), '');
}

/**
 * Every page of the human site, derived from content so that a new engagement or case study file appears here
 * (and so in the sitemap) without a code change. Each date is the newest `updated` field among the files the
 * page renders; site.json's date counts everywhere because the layout shows it.
 */
export function listSitePages({ site, bio, engagements, caseStudies }: Content): SitePage[] {
  const chrome = latestDate(site.updated, bio.updated);
  const featured = caseStudies.filter((study) => study.featured);
  return [
    {
      path: '/',
      title: site.home.title,
      lastModified: latestDate(chrome, ...engagements.map((e) => e.updated), ...featured.map((s) => s.updated)),
    },
    {
      path: '/engagements',
      title: site.pages.engagements.title,
      lastModified: latestDate(chrome, ...engagements.map((e) => e.updated)),
    },
    ...engagements.map((engagement) => ({
      path: `/engagements/${engagement.key}`,
      title: engagement.title,
      lastModified: latestDate(
        chrome,
        engagement.updated,
        ...caseStudies.filter((s) => s.engagement === engagement.key).map((s) => s.updated),
      ),
    })),
    {
      path: '/case-studies',
      title: site.pages.caseStudies.title,
      lastModified: latestDate(chrome, ...caseStudies.map((s) => s.updated)),
    },
    ...caseStudies.map((study) => ({
      path: `/case-studies/${study.slug}`,
      title: study.title,
      lastModified: latestDate(
        chrome,
        study.updated,
        ...engagements.filter((e) => e.key === study.engagement).map((e) => e.updated),
      ),
    })),
    { path: '/about', title: site.pages.about.title, lastModified: chrome },
    { path: '/contact', title: site.pages.contact.title, lastModified: chrome },
    { path: '/agents', title: site.pages.agents.title, lastModified: chrome },
  ];
}
