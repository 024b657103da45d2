import { stemmer } from 'stemmer';

/**
 * How words are compared on both sides, the client's text and the consultant's content: Unicode folded to plain
 * letters, lower case, apostrophes dropped ("don't" is "dont"), British spelling read as American, then the
 * Porter stemmer, so "positioning" and "position", "colour" and "colors" are one word.
 */

/** Contractions written out, so that "we don't need" reads as "we do not need" whether or not the apostrophe was typed. */
const CONTRACTIONS: readonly [RegExp, string][] = [
  [/\bcan[’']t\b/g, 'can not'],
  [/\bwon[’']t\b/g, 'will not'],
  [/n[’']t\b/g, ' not'],
  [/[’']re\b/g, ' are'],
  [/[’']ve\b/g, ' have'],
  [/[’']ll\b/g, ' will'],
  [/\bi[’']m\b/g, 'i am'],
];

/** Lower case, accents removed, contractions written out, other apostrophes dropped ("marketing's" is "marketings"). */
export function foldText(text: string): string {
  let folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  for (const [pattern, replacement] of CONTRACTIONS) folded = folded.replace(pattern, replacement);
  return folded.replace(/[’‘'`]/g, '');
}

/** The plain words of a folded text: letters and digits; hyphens and punctuation separate words. */
export function splitWords(folded: string): string[] {
  return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** British spellings whose American form a stemmer would not reach by itself. */
const BRITISH_ENDINGS: readonly [RegExp, string][] = [
  [/^(\w{3,})is(e|es|ed|ing|ation|ations|er|ers)$/, '$1iz$2'],
  [/^(\w+)ys(e|es|ed|ing)$/, '$1yz$2'],
  [/^(\w{3,})our(s|ed|ing|ful|less|ite|ites)?$/, '$1or$2'],
  [/^(\w+[bt])re(s|d)?$/, '$1er$2'],
  [/^(\w+)ogue(s)?$/, '$1og$2'],
  [/^(\w+[cf])ence(s)?$/, '$1ense$2'],
  [/^(\w+)mme(s)?$/, '$1m$2'],
];

const BRITISH_WORDS: Readonly<Record<string, string>> = { grey: 'gray', whilst: 'while', amongst: 'among' };

/** The American spelling of a folded word: "colour" is "color", "commoditised" is "commoditized". */
export function americanSpelling(word: string): string {
  const whole = BRITISH_WORDS[word];
  if (whole) return whole;
  for (const [pattern, replacement] of BRITISH_ENDINGS) {
    if (pattern.test(word)) return word.replace(pattern, replacement);
  }
  return word;
}

/**
 * Words the Porter stemmer would merge with a different word: "marketing" (the function) is not "market" (where
 * a company sells), so "new marketing director" does not read as "new market".
 */
const DISTINCT_STEMS: Readonly<Record<string, string>> = { marketing: 'marketing', marketings: 'marketing' };

// Stemming is pure and the same few thousand words come back in every text, so stems are remembered; the
// cache starts again when full, so that arbitrary input cannot grow it without bound.
const STEM_CACHE_SIZE = 20_000;
const stems = new Map<string, string>();

/** The stem a folded word is compared by. */
export function stemWord(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = DISTINCT_STEMS[word] ?? stemmer(americanSpelling(word));
    if (stems.size >= STEM_CACHE_SIZE) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

/** A text as the stems it is compared by, in order: how keywords, concepts and sectors are read. */
export function normalise(text: string): string[] {
  return splitWords(foldText(text)).map(stemWord);
}

/**
 * Words that say nothing about which engagement fits ("the", "we", "need"): skipped when the engagements'
 * descriptions are used as evidence, never inside a keyword or phrase.
 */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can cant could did do does doing dont down during each even ever every few for from ' +
    'further get gets got had has have having he her here hers him his how i if im in into is it its itself ' +
    'just let lets like make makes me more most much must my need needs no nor not now of off on once one ' +
    'only or other our ours ourselves out over own really right same she should so some still such than that ' +
    'the their theirs them then there these they thing things this those through to too under until up upon ' +
    'us very want wants was way we were weve what when where which while who whom why will with within ' +
    'without would yet you your yours yourself able across actually along already always another around ' +
    'away back currently done else enough etc far going good help hi hello ive lot lots may maybe might ' +
    'new next often okay part per please quite since soon sure take thanks think though today use used ' +
    'using wed well whats whether whole year years youre doesnt didnt isnt arent wont wasnt cannot ' +
    'say says said tell tells told ask asks asked know knows knew keep keeps kept come comes give gives put ' +
    'puts see sees seen try tries tried bit stuff start started starting work works working worked find found ' +
    'time times'
  ).split(' '),
);
