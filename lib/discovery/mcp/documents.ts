import { getContent } from '@/lib/content';
import { renderMarkdownPage } from '@/lib/markdown/page-markdown';
import type { SiteDocument } from '@/lib/mcp/surface/documents';

/** The pages search and fetch serve, and what kind of document each is. */
function documentPaths(): { path: string; kind: string }[] {
  const { engagements, caseStudies } = getContent();
  return [
    { path: '/', kind: 'homepage' },
    { path: '/about', kind: 'biography' },
    ...engagements.map((engagement) => ({ path: `/engagements/${engagement.key}`, kind: 'engagement' })),
    ...caseStudies.map((study) => ({ path: `/case-studies/${study.slug}`, kind: 'case study' })),
  ];
}

/**
 * The site's own documents for MCP's search and fetch: the homepage, the biography, every engagement and every
 * case study, each as the same markdown `<page>.md` serves (lib/markdown/page-markdown.ts).
 */
export function listSiteDocuments(origin: string): SiteDocument[] {
  const content = getContent();
  return documentPaths().flatMap(({ path, kind }) => {
    const page = renderMarkdownPage(path, content, origin);
    if (!page) return [];
    return [
      {
        id: path === '/' ? 'home' : path.slice(1),
        title: page.title,
        url: `${origin}${path}`,
        text: page.markdown,
        metadata: { kind, description: page.description, last_updated: page.lastModified },
      },
    ];
  });
}
