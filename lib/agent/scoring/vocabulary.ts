import type { Engagement } from '@/lib/content';
import { FUNCTION_WORDS, americanSpelling, foldText, normalise, splitWords, stemWord } from '@/lib/text/words';

/** A keyword, concept phrase or sector as the consultant wrote it, and the stems it is matched by. */
export interface Phrase {
  phrase: string;
  /** The concept the phrase expresses, for a phrase from `concepts`. */
  concept?: string;
  /** Position in the consultant's lists, so that matches are reported in the order they were written. */
  order: number;
  stems: readonly string[];
}

/**
 * Phrases longest first, so that a phrase claims its words first, filed by their first stem: a request is matched
 * against the few phrases its own words can start, not against every phrase the consultant wrote.
 */
export interface PhraseIndex {
  /** The phrases whose first stem is the key, in the order they are tried. */
  byFirstStem: ReadonlyMap<string, readonly Phrase[]>;
  /** Each phrase's place in that order. */
  rank: ReadonlyMap<Phrase, number>;
}

/** What one engagement is matched by. */
interface EngagementVocabulary {
  /** Keywords, then concepts' names and phrases. */
  phrases: PhraseIndex;
  sectors: PhraseIndex;
  /** BM25 weight of each stem of the engagement's description (title, tagline, summary, includes, outcomes). */
  evidence: ReadonlyMap<string, number>;
}

/** The prepared content: per engagement, plus the words a typo may be read as and every stem content knows. */
export interface Vocabulary {
  of: ReadonlyMap<Engagement, EngagementVocabulary>;
  /** Spelling-folded words of the keywords, concepts and descriptions, longest words only (see typos.ts), by length. */
  spellingsByLength: ReadonlyMap<number, readonly string[]>;
  knownStems: ReadonlySet<string>;
}

/** BM25's usual constants: how fast repeated words saturate, and how much a long description is discounted. */
const BM25_K1 = 1.2;
const BM25_B = 0.75;

/** Distinct phrases by their stems, first spelling kept, in the order given, then longest first, indexed. */
function preparePhrases(entries: readonly { phrase: string; concept?: string }[]): PhraseIndex {
  const seen = new Set<string>();
  const phrases: Phrase[] = [];
  for (const { phrase, concept } of entries) {
    const stems = normalise(phrase);
    const key = stems.join(' ');
    if (!key || seen.has(key)) continue;
    seen.add(key);
    phrases.push({ phrase, ...(concept === undefined ? {} : { concept }), order: phrases.length, stems });
  }
  phrases.sort((a, b) => b.stems.length - a.stems.length || a.order - b.order);
  const byFirstStem = new Map<string, Phrase[]>();
  for (const phrase of phrases) {
    const first = phrase.stems[0] ?? '';
    const filed = byFirstStem.get(first);
    if (filed) filed.push(phrase);
    else byFirstStem.set(first, [phrase]);
  }
  return { byFirstStem, rank: new Map(phrases.map((phrase, index) => [phrase, index])) };
}

function phraseEntries(engagement: Engagement): { phrase: string; concept?: string }[] {
  return [
    ...engagement.keywords.map((phrase) => ({ phrase })),
    ...Object.entries(engagement.concepts).flatMap(([concept, phrases]) =>
      [concept, ...phrases].map((phrase) => ({ phrase, concept })),
    ),
  ];
}

function descriptionOf(engagement: Engagement): string[] {
  return [engagement.title, engagement.tagline, engagement.summary, ...engagement.includes, ...engagement.outcomes];
}

/** The words of a description that can be evidence: no function words, no numbers, three letters or more. */
function evidenceWords(texts: readonly string[]): string[] {
  return texts
    .flatMap((text) => splitWords(foldText(text)))
    .filter((word) => word.length >= 3 && !FUNCTION_WORDS.has(word) && !/^\d+$/.test(word));
}

/** BM25 term weights over the engagements' descriptions: a word only one engagement uses weighs most. */
function evidenceWeights(engagements: readonly Engagement[]): Map<string, number>[] {
  const documents = engagements.map((engagement) => evidenceWords(descriptionOf(engagement)).map(stemWord));
  const averageLength = documents.reduce((sum, words) => sum + words.length, 0) / Math.max(1, documents.length);
  const documentFrequency = new Map<string, number>();
  for (const words of documents)
    for (const stem of new Set(words)) documentFrequency.set(stem, (documentFrequency.get(stem) ?? 0) + 1);
  return documents.map((words) => {
    const termFrequency = new Map<string, number>();
    for (const stem of words) termFrequency.set(stem, (termFrequency.get(stem) ?? 0) + 1);
    const lengthNorm = 1 - BM25_B + (BM25_B * words.length) / averageLength;
    const weights = new Map<string, number>();
    for (const [stem, tf] of termFrequency) {
      const df = documentFrequency.get(stem) ?? 1;
      const idf = Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
      weights.set(stem, (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * lengthNorm));
    }
    return weights;
  });
}

/** Words from which a typo is read back (see typos.ts): only words this long are corrected. */
export const TYPO_MIN_LENGTH = 7;

function prepare(engagements: readonly Engagement[]): Vocabulary {
  const evidence = evidenceWeights(engagements);
  const of = new Map<Engagement, EngagementVocabulary>();
  const spellings = new Set<string>();
  const knownStems = new Set<string>();
  engagements.forEach((engagement, index) => {
    const entries = phraseEntries(engagement);
    of.set(engagement, {
      phrases: preparePhrases(entries),
      sectors: preparePhrases(engagement.sectors.map((phrase) => ({ phrase }))),
      evidence: evidence[index] ?? new Map(),
    });
    const words = [...entries.map((entry) => entry.phrase), ...descriptionOf(engagement)].flatMap((text) =>
      splitWords(foldText(text)).map(americanSpelling),
    );
    for (const word of words) if (word.length >= TYPO_MIN_LENGTH) spellings.add(word);
    for (const word of [...words, ...splitWords(foldText(engagement.body))]) knownStems.add(stemWord(word));
  });
  const spellingsByLength = new Map<number, string[]>();
  for (const word of [...spellings].sort())
    spellingsByLength.set(word.length, [...(spellingsByLength.get(word.length) ?? []), word]);
  return { of, spellingsByLength, knownStems };
}

// Content is the same on every call, so it is prepared once per list of engagements; keyed by the list itself,
// so a list no longer used (a test's, or content read again in `next dev`) is forgotten with it.
const prepared = new WeakMap<readonly Engagement[], Vocabulary>();

/** The prepared vocabulary of a list of engagements, computed on first use. */
export function vocabularyOf(engagements: readonly Engagement[]): Vocabulary {
  let vocabulary = prepared.get(engagements);
  if (!vocabulary) {
    vocabulary = prepare(engagements);
    prepared.set(engagements, vocabulary);
  }
  return vocabulary;
}
