import type { Content } from '@/lib/content';
import { type SitePage, listSitePages, markdownPath } from '@/lib/site/pages';

/** The sitemap's groups, in order: a page belongs to the first whose test its path passes. */
const GROUPS: readonly { heading: string; holds: (path: string) => boolean }[] = [
  { heading: 'Engagements', holds: (path) => path.startsWith('/engagements') },
  { heading: 'Case studies', holds: (path) => path.startsWith('/case-studies') },
  { heading: 'For agents', holds: (path) => path === '/agents' },
  { heading: 'Site', holds: () => true },
];

const entry = (page: SitePage, origin: string) =>
  `- [${page.title}](${origin}${markdownPath(page.path)}): ${page.description}`;

/**
 * /sitemap.md: every page of the sitemap (lib/site/pages.ts) as a markdown list, grouped, each with its markdown
 * address and its one-line description, so an agent can pick a page without parsing XML.
 */
export function buildSitemapMarkdown(content: Content, origin: string): string {
  const pages = listSitePages(content);
  const groupOf = (page: SitePage) => GROUPS.find((group) => group.holds(page.path))?.heading;
  const groups = GROUPS.map((group) => ({
    heading: group.heading,
    pages: pages.filter((page) => groupOf(page) === group.heading),
  })).filter((group) => group.pages.length > 0);
  return [
    `# ${content.site.siteName}: sitemap`,
    '',
    `> Every page of ${origin} as markdown (add .md to a page's path, or send Accept: text/markdown). The HTML pages are in ${origin}/sitemap.xml; the index for language models is ${origin}/llms.txt.`,
    '',
    ...groups.flatMap((group) => [`## ${group.heading}`, '', ...group.pages.map((page) => entry(page, origin)), '']),
  ].join('\n');
}
