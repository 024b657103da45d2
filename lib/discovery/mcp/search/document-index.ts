import MiniSearch from 'minisearch';
import { FUNCTION_WORDS, foldText, splitWords, stemWord } from '@/lib/text/words';
import type { SiteDocument } from '@/lib/mcp/surface/mcp-tool';
import { type PageKind, readIntent } from './query-intent';
import { type OtherPages, namesOf, splitQuoted } from './quoted-text';

/** A query's or a document's words as evaluate_client_needs reads them: folded, stemmed, without function words. */
function termsOf(text: string): string[] {
  return splitWords(foldText(text)).filter((word) => !FUNCTION_WORDS.has(word));
}

/** A document as the index reads it: its own words, weighted by where they stand, apart from what it lists. */
interface IndexedDocument {
  id: string;
  /** The title, path, description and own text, each repeated as many times as its weight. */
  text: string;
  /** What the page quotes from the pages it lists or links to. */
  listed: string;
}

// How many times each part of a page counts, as BM25F weighs fields: the weighted counts are added before BM25
// saturates them, and a word's rarity is counted over whole pages. (MiniSearch's own field boosts count rarity
// per field, so one word of a short description outweighed a page that is about it.)
const PART_WEIGHTS = { title: 3, path: 2, description: 1, own: 1 } as const;
// What a page quotes of the pages it lists counts for little, so a hub never outranks the page it summarises.
const LISTED_BOOST = 0.1;

const repeated = (text: string, times: number) => Array<string>(times).fill(text);

function toIndexed(document: SiteDocument, others: OtherPages): IndexedDocument {
  const { own, listed } = splitQuoted(document.text, others);
  // The page's first heading names it too: the biography is titled "About" and headed with the consultant's name.
  const title = namesOf(document.title, document.text).join('\n');
  const text = [
    ...repeated(title, PART_WEIGHTS.title),
    ...repeated(document.id, PART_WEIGHTS.path),
    ...repeated(document.metadata.description ?? '', PART_WEIGHTS.description),
    ...repeated(own, PART_WEIGHTS.own),
  ];
  return { id: document.id, text: text.join('\n'), listed };
}

/** A document to index, with the kind of page it is. */
export interface KindedDocument {
  document: SiteDocument;
  kind: PageKind;
}

/** The full-text index, and the kind of each page, which ranking weighs by what a query asks for. */
interface DocumentIndex {
  words: MiniSearch<IndexedDocument>;
  kinds: ReadonlyMap<string, PageKind>;
}

/** The site's documents in a full-text index whose hits are their ids, best first. */
export function indexDocuments(pages: readonly KindedDocument[]): DocumentIndex {
  const documents = pages.map((page) => page.document);
  const words = new MiniSearch<IndexedDocument>({
    fields: ['text', 'listed'],
    tokenize: termsOf,
    processTerm: stemWord,
    searchOptions: { boost: { listed: LISTED_BOOST }, combineWith: 'OR' },
  });
  const others = (document: SiteDocument): OtherPages => {
    const rest = documents.filter((other) => other !== document);
    return {
      urls: new Set(rest.map((other) => other.url)),
      names: rest.flatMap((other) => namesOf(other.title, other.text)),
    };
  };
  words.addAll(documents.map((document) => toIndexed(document, others(document))));
  return { words, kinds: new Map(pages.map((page) => [page.document.id, page.kind])) };
}

// How much likelier the kind of page a query asks for is than the others: a case study retells its engagement's
// need in concrete words and wins on words alone, so a need put as one's own must lift the engagement past it.
const INTENT_PRIOR = 3;

/**
 * The ids of the documents that match `query`, best first. MiniSearch multiplies a document's score by how many of
 * the query's words it matches; a word a page only quotes from another counts here as its listed text does, so a
 * hub's coverage of every page's words does not lift it over the page that has them. The kind of page the query
 * asks for (./query-intent.ts), if any, is weighed `INTENT_PRIOR` times the others; on its pages, the cue words
 * every page of that kind answers ("cost", "results") count as matched by each and score on none.
 */
export function rankDocuments(index: DocumentIndex, query: string): string[] {
  const intent = readIntent(query);
  const asked = (id: unknown) => intent.kind !== undefined && index.kinds.get(String(id)) === intent.kind;
  // A cue word shared by every page of the kind asked for scores nothing on those pages, and all of them match it.
  const boostDocument = (id: unknown, term: string) => (asked(id) && intent.sharedStems.has(term) ? 0 : 1);
  const shared = intent.sharedStems.size;
  return index.words
    .search(query, { boostDocument })
    .map((hit) => {
      const id = String(hit.id);
      const matched = Object.values(hit.match);
      const own = matched.filter((fields) => fields.includes('text')).length;
      const coverage = (own + LISTED_BOOST * (matched.length - own)) / matched.length;
      const prior = asked(id) ? INTENT_PRIOR * ((hit.queryTerms.length + shared) / hit.queryTerms.length) : 1;
      return { id, score: hit.score * coverage * prior };
    })
    .sort((a, b) => b.score - a.score)
    .map((hit) => hit.id);
}
