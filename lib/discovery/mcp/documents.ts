import { getContent } from '@/lib/content';
import { renderMarkdownPage } from '@/lib/markdown/page-markdown';
import { indexDocuments, rankDocuments } from './search/document-index';
import type { DocumentLibrary, SiteDocument } from '@/lib/mcp/surface/document-tools';

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
function listSiteDocuments(origin: string): SiteDocument[] {
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

/** The documents and their full-text index. */
function buildLibrary(documents: readonly SiteDocument[]): DocumentLibrary {
  const index = indexDocuments(documents);
  const byId = new Map(documents.map((document) => [document.id, document]));
  return {
    search: (query, limit) =>
      rankDocuments(index, query)
        .slice(0, limit)
        .flatMap((id) => byId.get(id) ?? []),
    find: (id) => byId.get(id),
    ids: () => [...byId.keys()],
  };
}

// Content changes only with a new build, so each origin's library is built once; the origins a process sees are
// its site URL and the few hosts it answers to, and the map starts again past a handful.
const MAX_ORIGINS = 8;
const libraries = new Map<string, DocumentLibrary>();

/** The site's documents for `origin` with their full-text index, ranked with evaluate_client_needs' stemming. */
export function siteDocumentLibrary(origin: string): DocumentLibrary {
  let library = libraries.get(origin);
  if (!library) {
    library = buildLibrary(listSiteDocuments(origin));
    if (libraries.size >= MAX_ORIGINS) libraries.clear();
    libraries.set(origin, library);
  }
  return library;
}
