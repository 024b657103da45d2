import { foldText } from '@/lib/text/words';

/**
 * How much each word of a client's text counts, from the way the sentence is built. People describe what is
 * fine before what is wrong ("the product is great, but nobody understands the website"), and say what they do
 * not want ("we don't need a new logo"); a keyword in such a clause is weaker evidence, or none.
 */

/** A word of the client's text (folded, as written) and how much it counts: 1, CONCESSION or 0. */
interface WeightedWord {
  written: string;
  weight: number;
}

/** The weight of a word in a clause the writer says is fine, or concedes before the real problem. */
export const CONCESSION = 0.35;

const wordSet = (list: string) => new Set(list.split(' '));
const CONTRAST = wordSet('but however');
const CONCESSION_LEADS = wordSet('although though while whilst despite albeit');
const SEGMENT_ENDS = wordSet('and but however so because yet');
const NEW_STATEMENT = wordSet('we our i they the it its that this');
const LINKING_VERBS = wordSet('is are was were its looks look seems seem feels feel reads read');
const APPROVING = wordSet(
  'fine great good solid strong ok okay excellent sound clear brilliant decent nice right healthy working sorted',
);
/** Phrases after which the rest of the clause is something the writer rejects, not a need. */
const REJECTIONS: readonly (readonly string[])[] = [
  'dont need',
  'dont want',
  'doesnt need',
  'do not need',
  'do not want',
  'does not need',
  'no need',
  'not looking for',
  'not interested in',
  'rather than',
  'instead of',
  'not a',
  'not an',
  'not another',
].map((phrase) => phrase.split(' '));

const REJECTION_STARTS = new Set(REJECTIONS.map((phrase) => phrase[0]));

type Token = { word: string } | { mark: string };

function tokenize(text: string): Token[] {
  const parts = foldText(text).match(/[\p{L}\p{N}]+|[.!?;:,()\n\u2013\u2014]/gu) ?? [];
  return parts.map((part) => (/[\p{L}\p{N}]/u.test(part) ? { word: part } : { mark: part }));
}

/** Sentences as runs of words, with the position of every comma-like break inside them. */
function sentencesOf(tokens: readonly Token[]): { words: string[]; breaks: Set<number> }[] {
  const sentences: { words: string[]; breaks: Set<number> }[] = [];
  let current = { words: [] as string[], breaks: new Set<number>() };
  for (const token of tokens) {
    if ('word' in token) current.words.push(token.word);
    else if (/[,()\u2013\u2014]/u.test(token.mark)) current.breaks.add(current.words.length);
    else if (current.words.length > 0) {
      sentences.push(current);
      current = { words: [], breaks: new Set() };
    }
  }
  if (current.words.length > 0) sentences.push(current);
  return sentences;
}

function startsWith(words: readonly string[], at: number, phrase: readonly string[]): boolean {
  return phrase.every((word, offset) => words[at + offset] === word);
}

/**
 * "…is great", "…looks fine", "…works", "we like…", "happy with…", "we have done…", "already have…": the writer
 * is content with this part, or has it already.
 */
function approves(words: readonly string[]): boolean {
  return words.some((word, i) => {
    const next = words.slice(i + 1, i + 3);
    if (LINKING_VERBS.has(word)) return !next.includes('not') && next.some((after) => APPROVING.has(after));
    if (word === 'works') return i > 0 && !words.slice(Math.max(0, i - 2), i).includes('how');
    if (word === 'work') return words[i + 1] === 'well';
    if (word === 'happy' || word === 'proud') return words[i + 1] === 'with' || words[i + 1] === 'of';
    if (word === 'done' || word === 'did') return ['have', 'already', 'we'].includes(words[i - 1] ?? '');
    if (word === 'already') return ['have', 'did', 'done', 'got'].includes(words[i + 1] ?? '');
    return (word === 'like' || word === 'love') && words[i - 1] === 'we';
  });
}

/** A rejection runs to the end of its clause: a comma, "but", "so", or "and" starting a new statement. */
function endsRejection(words: readonly string[], at: number): boolean {
  const word = words[at] ?? '';
  if (word === 'and') return NEW_STATEMENT.has(words[at + 1] ?? '');
  return SEGMENT_ENDS.has(word);
}

/** Weighs one sentence's words; `breaks` are the word positions where a comma or bracket stood. */
function weighSentence(words: readonly string[], breaks: ReadonlySet<number>): number[] {
  const weights = words.map(() => 1);
  const concede = (from: number, to: number) => {
    for (let i = from; i < to; i += 1) weights[i] = Math.min(weights[i] ?? 1, CONCESSION);
  };
  const lastContrast = words.findLastIndex((word, i) => CONTRAST.has(word) && words[i + 1] !== 'also' && i > 0);
  if (lastContrast > 0) concede(0, lastContrast);
  const leadAt = words[0] === 'even' ? 1 : 0;
  if (CONCESSION_LEADS.has(words[leadAt] ?? '')) {
    const clauseEnd = [...breaks].filter((at) => at > leadAt).sort((a, b) => a - b)[0];
    if (clauseEnd !== undefined) concede(0, clauseEnd);
  }
  let segmentStart = 0;
  for (let i = 0; i <= words.length; i += 1) {
    if (i === words.length || breaks.has(i) || SEGMENT_ENDS.has(words[i] ?? '')) {
      if (approves(words.slice(segmentStart, i))) concede(segmentStart, i);
      segmentStart = i;
    }
  }
  for (let i = 0; i < words.length; i += 1) {
    if (!REJECTION_STARTS.has(words[i] ?? '')) continue;
    const rejection = REJECTIONS.find((phrase) => startsWith(words, i, phrase));
    if (!rejection) continue;
    let end = i + rejection.length;
    while (end < words.length && !breaks.has(end) && !endsRejection(words, end)) end += 1;
    for (let j = i; j < end; j += 1) weights[j] = 0;
    i = end - 1;
  }
  return weights;
}

/** The words of a client's text in order, each with how much it counts (see the rules above). */
export function weighWords(text: string): WeightedWord[] {
  return sentencesOf(tokenize(text)).flatMap(({ words, breaks }) => {
    const weights = weighSentence(words, breaks);
    return words.map((written, i) => ({ written, weight: weights[i] ?? 1 }));
  });
}
