import { getContent } from '@/lib/content';
import { renderMarkdownPage } from '@/lib/markdown/page-markdown';
import { type KindedDocument, indexDocuments, rankDocuments } from './search/document-index';
import type { PageKind } from './search/query-intent';
import type { DocumentLibrary, SiteDocument } from '@/lib/mcp/surface/mcp-tool';

interface DocumentPath {
  path: string;
  /** What fetch calls the page. */
  kind: string;
  /** What search reads it as. */
  pageKind: PageKind;
}

/** The pages search and fetch serve, and what kind of document each is. */
function documentPaths(): DocumentPath[] {
  const { engagements, caseStudies } = getContent();
  return [
    { path: '/', kind: 'homepage', pageKind: 'hub' },
    { path: '/about', kind: 'biography', pageKind: 'hub' },
    ...engagements.map((engagement) => ({
      path: `/engagements/${engagement.key}`,
      kind: 'engagement',
      pageKind: 'engagement' as const,
    })),
    ...caseStudies.map((study) => ({
      path: `/case-studies/${study.slug}`,
      kind: 'case study',
      pageKind: 'case study' as const,
    })),
  ];
}

/**
 * The site's own documents for MCP's search and fetch: the homepage, the biography, every engagement and every
 * case study, each as the same markdown `<page>.md` serves (lib/markdown/page-markdown.ts).
 */
function listSiteDocuments(origin: string): KindedDocument[] {
  const content = getContent();
  return documentPaths().flatMap(({ path, kind, pageKind }) => {
    const page = renderMarkdownPage(path, content, origin);
    if (!page) return [];
    const document: SiteDocument = {
      id: path === '/' ? 'home' : path.slice(1),
      title: page.title,
      url: `${origin}${path}`,
      text: page.markdown,
      metadata: { kind, description: page.description, last_updated: page.lastModified },
    };
    return [{ document, kind: pageKind }];
  });
}

/** The documents and their full-text index. */
function buildLibrary(pages: readonly KindedDocument[]): DocumentLibrary {
  const index = indexDocuments(pages);
  const documents = pages.map((page) => page.document);
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
