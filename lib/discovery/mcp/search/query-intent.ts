import { FUNCTION_WORDS, foldText, splitWords, stemWord } from '@/lib/text/words';

/** The kinds of page a query can ask for: the practice as a whole (the homepage, the biography), one engagement, one case study. */
export type PageKind = 'hub' | 'engagement' | 'case study';

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

/** The kind of page `query` asks for: the kind with the most cue words in it, or none when no kind leads. */
export function intendedKind(query: string): PageKind | undefined {
  const words = cueWordsOf(query);
  const counts = CUE_WORDS.map(({ kind, cues }) => ({
    kind,
    count: cues.reduce((sum, cue) => sum + occurrences(words, cue), 0),
  })).sort((a, b) => b.count - a.count);
  const [first, second] = counts;
  return first && first.count > 0 && first.count > (second?.count ?? 0) ? first.kind : undefined;
}
