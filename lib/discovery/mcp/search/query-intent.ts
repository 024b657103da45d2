import { FUNCTION_WORDS, foldText, splitWords, stemWord } from '@/lib/text/words';

/**
 * The kinds of page: the practice as a whole and how to reach it (the homepage, the biography, contact, the lists),
 * one engagement, one case study, and the site's interface for AI agents, which no cue asks for.
 */
export type PageKind = 'hub' | 'engagement' | 'case study' | 'interface';

/**
 * Words that say which kind of page a query asks for, read before function words are dropped ("did you", "we").
 * A case study is asked for as proof: an example, a client, results (its section heading). An engagement is asked
 * for as an offer or as one's own need: its price, what it includes, its outcomes and timing (its headings), "we".
 * The hubs are asked for as the practice: who runs it, what it is, its services. Kept short and general: a word
 * that names one page's subject belongs to that page's text, not here.
 */
const INTENT_CUES: readonly (readonly [PageKind, readonly string[]])[] = [
  ['case study', ['example', 'case study', 'client', 'results', 'did you', 'have you', 'before and after']],
  ['engagement', ['engagement', 'price', 'cost', 'includes', 'outcomes', 'timing', 'we', 'our', 'us']],
  ['hub', ['who', 'consultancy', 'consultant', 'firm', 'agency', 'overview', 'services', 'offerings']],
];

/** A word as a cue reads it: its stem, and the word itself. */
interface CueWord {
  word: string;
  stem: string;
}

const cueWordsOf = (text: string): CueWord[] =>
  splitWords(foldText(text)).map((word) => ({ word, stem: stemWord(word) }));
// A function word is matched as written, since stemming merges unrelated ones ("used" and "us" both stem to "us").
const matches = (cue: CueWord, word: CueWord | undefined) =>
  word !== undefined && (FUNCTION_WORDS.has(cue.word) ? word.word === cue.word : word.stem === cue.stem);
const CUE_WORDS = INTENT_CUES.map(([kind, cues]) => ({ kind, cues: cues.map(cueWordsOf) }));

function occurrences(words: readonly CueWord[], cue: readonly CueWord[]): number {
  let count = 0;
  for (let start = 0; start + cue.length <= words.length; start += 1)
    if (cue.every((word, offset) => matches(word, words[start + offset]))) count += 1;
  return count;
}

// An engagement's or a case study's cue words name what every page of that kind has (a price, a timing, results,
// a client), so on those pages they tell nothing apart: "cost" in one engagement's text does not make it the one
// whose cost is asked. The hubs' cues (consultancy, services) are their own subject.
const SHARED_BY_KIND: ReadonlySet<PageKind> = new Set(['engagement', 'case study']);

/** What a query asks for: the kind of page, and the stems of its cue words that tell no page of that kind apart. */
interface QueryIntent {
  kind: PageKind | undefined;
  sharedStems: ReadonlySet<string>;
}

/** The kind with the most cue words in `query`, or none when no kind leads, and the cue words of that kind. */
export function readIntent(query: string): QueryIntent {
  const words = cueWordsOf(query);
  const counts = CUE_WORDS.map(({ kind, cues }) => {
    const found = cues.map((cue) => ({ cue, times: occurrences(words, cue) })).filter(({ times }) => times > 0);
    return { kind, cues: found.map(({ cue }) => cue), count: found.reduce((sum, { times }) => sum + times, 0) };
  }).sort((a, b) => b.count - a.count);
  const [first, second] = counts;
  if (!first || first.count === 0 || first.count <= (second?.count ?? 0))
    return { kind: undefined, sharedStems: new Set() };
  const shared = SHARED_BY_KIND.has(first.kind) ? first.cues.flat().filter((cue) => !FUNCTION_WORDS.has(cue.word)) : [];
  return { kind: first.kind, sharedStems: new Set(shared.map((cue) => cue.stem)) };
}

/** The kind of page `query` asks for: the kind with the most cue words in it, or none when no kind leads. */
export const intendedKind = (query: string): PageKind | undefined => readIntent(query).kind;
