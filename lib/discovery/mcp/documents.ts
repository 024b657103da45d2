import { getContent } from '@/lib/content';
import { renderAllMarkdownPages } from '@/lib/markdown/page-markdown';
import { type KindedDocument, indexDocuments, rankDocuments } from './search/document-index';
import type { PageKind } from './search/query-intent';
import type { DocumentLibrary, SiteDocument } from '@/lib/mcp/surface/mcp-tool';

/** What fetch calls a page, and what search reads it as. */
interface DocumentKind {
  kind: string;
  pageKind: PageKind;
}

const ENGAGEMENT: DocumentKind = { kind: 'engagement', pageKind: 'engagement' };
const CASE_STUDY: DocumentKind = { kind: 'case study', pageKind: 'case study' };
// The pages about the practice as a whole and how to reach it, and the one about the site's interface for AI
// agents, which a question about the practice does not ask for. A page of the site not named here is a hub.
const SITE_PAGES: Readonly<Record<string, DocumentKind>> = {
  '/': { kind: 'homepage', pageKind: 'hub' },
  '/about': { kind: 'biography', pageKind: 'hub' },
  '/contact': { kind: 'contact page', pageKind: 'hub' },
  '/engagements': { kind: 'list of engagements', pageKind: 'hub' },
  '/case-studies': { kind: 'list of case studies', pageKind: 'hub' },
  '/agents': { kind: 'page for AI agents', pageKind: 'interface' },
};

/** A page's kind by where it stands: one item of a collection, or a page of the site. */
function kindOf(path: string): DocumentKind {
  const [, section, item] = path.split('/');
  if (item && section === 'engagements') return ENGAGEMENT;
  if (item && section === 'case-studies') return CASE_STUDY;
  return SITE_PAGES[path] ?? { kind: 'page', pageKind: 'hub' };
}

/**
 * The site's own documents for MCP's search and fetch: every page of the sitemap (lib/site/pages.ts), each as the
 * same markdown `<page>.md` serves (lib/markdown/page-markdown.ts), so a new page is searched without a change here.
 */
function listSiteDocuments(origin: string): KindedDocument[] {
  return renderAllMarkdownPages(getContent(), origin).map((page) => {
    const { kind, pageKind } = kindOf(page.path);
    const document: SiteDocument = {
      id: page.path === '/' ? 'home' : page.path.slice(1),
      title: page.title,
      url: `${origin}${page.path}`,
      text: page.markdown,
      metadata: { kind, description: page.description, last_updated: page.lastModified },
    };
    return { document, kind: pageKind };
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
