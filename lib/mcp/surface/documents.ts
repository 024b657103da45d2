import MiniSearch from 'minisearch';
import { FUNCTION_WORDS, foldText, splitWords, stemWord } from '@/lib/agent/scoring/words';

/** One document search and fetch serve: a page of the site as markdown. */
export interface SiteDocument {
  /** Stable and short: the page's path without its leading slash ("engagements/brand-identity"), "home" for /. */
  id: string;
  title: string;
  url: string;
  /** The page as markdown, as `<page>.md` serves it. */
  text: string;
  metadata: Record<string, string>;
}

/**
 * The documents for an origin. lib/discovery builds them from the pages' markdown and hands them to the MCP
 * endpoint it assembles, as it hands it the server description (lib/mcp sits below both).
 */
export type ListDocuments = (origin: string) => readonly SiteDocument[];

export type DocumentLibrary = ReturnType<typeof buildLibrary>;

/** A query's or a document's words as evaluate_client_needs reads them: folded, stemmed, without function words. */
function termsOf(text: string): string[] {
  return splitWords(foldText(text)).filter((word) => !FUNCTION_WORDS.has(word));
}

/** The documents and their full-text index. */
function buildLibrary(documents: readonly SiteDocument[]) {
  const index = new MiniSearch<SiteDocument>({
    fields: ['title', 'text'],
    tokenize: termsOf,
    processTerm: stemWord,
    searchOptions: { boost: { title: 2 }, combineWith: 'OR' },
  });
  index.addAll(documents);
  const byId = new Map(documents.map((document) => [document.id, document]));
  return {
    search: (query: string, limit: number): SiteDocument[] =>
      index
        .search(query)
        .slice(0, limit)
        .flatMap((hit) => byId.get(String(hit.id)) ?? []),
    find: (id: string) => byId.get(id),
    ids: () => [...byId.keys()],
  };
}

// Content changes only with a new build, so each origin's library is built once; the origins a process sees are
// its site URL and the few hosts it answers to, and the map starts again past a handful.
const MAX_ORIGINS = 8;
const libraries = new Map<string, DocumentLibrary>();

/** The library of the documents `list` gives for `origin`, built on first use. */
export function documentLibrary(list: ListDocuments, origin: string): DocumentLibrary {
  let library = libraries.get(origin);
  if (!library) {
    library = buildLibrary(list(origin));
    if (libraries.size >= MAX_ORIGINS) libraries.clear();
    libraries.set(origin, library);
  }
  return library;
}
