import type { Content } from '@/lib/content';

/** One human page of the site, as listed in the sitemap. */
export interface SitePage {
  path: string;
  title: string;
  /** One line on what the page holds: its meta description, its markdown's and its structured data's. */
  description: string;
  /** YYYY-MM-DD: the newest `updated` date of the content the page shows (never the build time). */
  lastModified: string;
}

/** A page's path as the sitemap names it: no trailing slash, but for the home page's `/`. */
export const sitemapPath = (path: string): string => path.replace(/\/+$/, '') || '/';

/**
 * Where a page reports that someone viewed it (lib/ui/page-view-beacon.tsx, the layout's `<noscript>` image,
 * app/page-view.gif): counted by lib/insights, never itself a page.
 */
export const PAGE_VIEW_PATH = '/page-view.gif';

/** The newest of some YYYY-MM-DD dates; ISO dates sort as text. */
function latestDate(...dates: readonly string[]): string {
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
      description: site.home.description,
      lastModified: latestDate(chrome, ...engagements.map((e) => e.updated), ...featured.map((s) => s.updated)),
    },
    {
      path: '/engagements',
      title: site.pages.engagements.title,
      description: site.pages.engagements.description,
      lastModified: latestDate(chrome, ...engagements.map((e) => e.updated)),
    },
    ...engagements.map((engagement) => ({
      path: `/engagements/${engagement.key}`,
      title: engagement.title,
      description: engagement.summary,
      lastModified: latestDate(
        chrome,
        engagement.updated,
        ...caseStudies.filter((s) => s.engagement === engagement.key).map((s) => s.updated),
      ),
    })),
    {
      path: '/case-studies',
      title: site.pages.caseStudies.title,
      description: site.pages.caseStudies.description,
      lastModified: latestDate(chrome, ...caseStudies.map((s) => s.updated)),
    },
    ...caseStudies.map((study) => ({
      path: `/case-studies/${study.slug}`,
      title: study.title,
      description: study.summary,
      lastModified: latestDate(
        chrome,
        study.updated,
        ...engagements.filter((e) => e.key === study.engagement).map((e) => e.updated),
      ),
    })),
    {
      path: '/about',
      title: site.pages.about.title,
      description: site.pages.about.description,
      lastModified: chrome,
    },
    {
      path: '/contact',
      title: site.pages.contact.title,
      description: site.pages.contact.description,
      lastModified: chrome,
    },
    {
      path: '/agents',
      title: site.pages.agents.title,
      description: site.pages.agents.description,
      lastModified: chrome,
    },
  ];
}

/** The `.md` address of a page: /index.md for the homepage, /about.md for /about. */
export function markdownPath(pagePath: string): string {
  return pagePath === '/' ? '/index.md' : `${pagePath}.md`;
}
