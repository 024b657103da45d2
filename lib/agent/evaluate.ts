import type { Engagement } from '@/lib/content';
import type { EvaluateClientNeedsRequest, EvaluateClientNeedsResponse, ScheduleConsultationRequest } from './schemas';

/**
 * evaluate_client_needs: a deterministic keyword match of a client's words against the four engagement types in
 * content/engagements (docs/agent-api.md, "Overview"). No model is involved, so it can only ever answer with
 * an engagement that exists. The rules (docs/agent-api.md, "Scoring"):
 *   - normalise: Unicode folded to plain letters, lower case, punctuation and hyphens become spaces, and each word
 *     is reduced to a simple stem (plural -s/-es/-ies, -ing, -ed, a final -e), on both sides;
 *   - a keyword or phrase matches when its words appear consecutively in `challenges`, longest phrases first and
 *     each word used by one match only; each distinct keyword counts once, worth 2 points plus 1 for each extra
 *     word (a phrase is more specific than a word);
 *   - each of the engagement's sectors that appears in `technology_sector` adds 1 point;
 *   - ranking: total points, then keyword points, then the number of keywords matched, then content order;
 *   - no keyword matched at all: the engagement marked `fallback: true` is recommended, and `why` says so;
 *   - alsoConsider: the runner-up when it scored any points, else null.
 */

/** Reduces one lower-case word to the stem both sides are compared by. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:s|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  const suffix = w.length > 5 && w.endsWith('ing') ? 3 : w.length > 4 && w.endsWith('ed') ? 2 : 0;
  if (suffix > 0) {
    w = w.slice(0, -suffix);
    if (/([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
  }
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** Splits text into normalised, stemmed words. */
export function normalise(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(stem);
}

/** A keyword or sector list made ready for matching: distinct entries in content order, and longest first. */
interface PhraseList {
  inOrder: readonly string[];
  longestFirst: readonly { phrase: string; stems: readonly string[] }[];
}

// Keywords and sectors come from content and are the same on every call, so each list is normalised and sorted
// once (doing it on every request was most of a call's scoring time). Keyed by the list itself, so a
// list that is no longer used (a test's, or content read again in `next dev`) is forgotten with it.
const prepared = new WeakMap<readonly string[], PhraseList>();

function prepare(phrases: readonly string[]): PhraseList {
  let list = prepared.get(phrases);
  if (!list) {
    const inOrder = unique(phrases);
    const longestFirst = inOrder.map((phrase) => ({ phrase, stems: normalise(phrase) }));
    longestFirst.sort((a, b) => b.stems.length - a.stems.length);
    list = { inOrder, longestFirst };
    prepared.set(phrases, list);
  }
  return list;
}

/**
 * The keywords found in `words`, longest phrases first; words a longer phrase already matched are not counted
 * again, so "pitch deck" does not also score "pitch" and "deck". Returns each match with its number of words.
 */
function matchPhrases(words: readonly string[], phrases: readonly string[]): { phrase: string; length: number }[] {
  const list = prepare(phrases);
  const used = new Array<boolean>(words.length).fill(false);
  const matched = new Map<string, number>();
  for (const { phrase, stems } of list.longestFirst) {
    const length = stems.length;
    for (let i = 0; length > 0 && i + length <= words.length; i += 1) {
      let j = 0;
      while (j < length && !used[i + j] && words[i + j] === stems[j]) j += 1;
      if (j === length) {
        for (let k = 0; k < length; k += 1) used[i + k] = true;
        matched.set(phrase, length);
      }
    }
  }
  return list.inOrder.flatMap((phrase) => {
    const length = matched.get(phrase);
    return length === undefined ? [] : [{ phrase, length }];
  });
}

/** The points one engagement earned, with the keywords and sectors that earned them. */
export interface EngagementScore {
  engagement: Engagement;
  keywordPoints: number;
  sectorPoints: number;
  total: number;
  matchedKeywords: string[];
  matchedSectors: string[];
}

/** Scores every engagement against a request, best first, by the rules above. */
export function scoreEngagements(
  engagements: readonly Engagement[],
  request: EvaluateClientNeedsRequest,
): EngagementScore[] {
  const challengeWords = normalise(request.challenges);
  const sectorWords = normalise(request.technology_sector);
  const scores = engagements.map((engagement, index) => {
    const keywords = matchPhrases(challengeWords, engagement.keywords);
    const matchedKeywords = keywords.map((match) => match.phrase);
    const matchedSectors = matchPhrases(sectorWords, engagement.sectors).map((match) => match.phrase);
    const keywordPoints = keywords.reduce((sum, match) => sum + 1 + match.length, 0);
    const sectorPoints = matchedSectors.length;
    return {
      engagement,
      index,
      keywordPoints,
      sectorPoints,
      total: keywordPoints + sectorPoints,
      matchedKeywords,
      matchedSectors,
    };
  });
  scores.sort(
    (a, b) =>
      b.total - a.total ||
      b.keywordPoints - a.keywordPoints ||
      b.matchedKeywords.length - a.matchedKeywords.length ||
      a.index - b.index,
  );
  return scores.map(({ index: _index, ...score }) => score);
}

/** Distinct entries by their normalised form, first spelling kept. */
function unique(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = normalise(value).join(' ');
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function quoteList(values: readonly string[]): string {
  const quoted = values.map((value) => `"${value}"`);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/** What the tool needs beyond the request: the engagements from content and how to reach the consultant. */
export interface EvaluateContext {
  engagements: readonly Engagement[];
  consultantName: string;
  scheduleUrl: string;
}

/**
 * The engagement recommended for a request: the best score when any keyword matched (`signal`), else the
 * engagement marked `fallback`. Shared by evaluate_client_needs and the consultant's mail.
 */
export function chooseEngagement(
  engagements: readonly Engagement[],
  request: EvaluateClientNeedsRequest,
): { ranked: EngagementScore[]; chosen: EngagementScore; signal: boolean } {
  const ranked = scoreEngagements(engagements, request);
  const best = ranked[0];
  if (!best) throw new Error('evaluateClientNeeds needs at least one engagement');
  const signal = best.keywordPoints > 0;
  const fallback = engagements.find((engagement) => engagement.fallback) ?? best.engagement;
  const chosen = signal ? best : (ranked.find((score) => score.engagement === fallback) ?? best);
  return { ranked, chosen, signal };
}

/** What evaluate_client_needs would recommend for a consultation request, with the words that matched. */
export interface EngagementSuggestion {
  key: string;
  title: string;
  matchedKeywords: string[];
  matchedSectors: string[];
}

/** evaluate_client_needs's recommendation for a request's project_context and technology_sector. */
export function suggestEngagement(
  engagements: readonly Engagement[],
  request: ScheduleConsultationRequest,
): EngagementSuggestion {
  const { chosen } = chooseEngagement(engagements, {
    challenges: request.project_context ?? '',
    technology_sector: request.technology_sector ?? '',
  });
  const { key, title } = chosen.engagement;
  return { key, title, matchedKeywords: chosen.matchedKeywords, matchedSectors: chosen.matchedSectors };
}

/** Builds the EvaluateClientNeedsResponse (docs/agent-api.md, "evaluate_client_needs"). */
export function evaluateClientNeeds(
  request: EvaluateClientNeedsRequest,
  context: EvaluateContext,
): EvaluateClientNeedsResponse {
  const { ranked, chosen, signal } = chooseEngagement(context.engagements, request);
  const runnerUp = ranked.find((score) => score !== chosen && score.total > 0);
  const sectorNote =
    chosen.matchedSectors.length > 0
      ? ` ${capitalise(quoteList(chosen.matchedSectors))} is a sector this engagement often serves.`
      : '';
  const why = signal
    ? `Your challenges mention ${quoteList(chosen.matchedKeywords)}, which ${chosen.engagement.title} is designed to address.${sectorNote}`
    : `No strong signal was found in the challenges for a specific engagement, so the recommendation is ${chosen.engagement.title}, the usual first step: ${chosen.engagement.summary}${sectorNote}`;
  const { key, title, tagline, includes, outcomes, timing } = chosen.engagement;
  return {
    recommended: { key, title, tagline, why, includes, outcomes, timing },
    alsoConsider: runnerUp
      ? { key: runnerUp.engagement.key, title: runnerUp.engagement.title, tagline: runnerUp.engagement.tagline }
      : null,
    nextStep:
      `To discuss ${title}, send a consultation request with schedule_consultation (POST ${context.scheduleUrl}) ` +
      `with client_name, client_email and a project_context that mentions "${title}". ${context.consultantName} ` +
      'replies personally within 24 hours to agree a time; no slot is reserved until then.',
  };
}

function capitalise(text: string): string {
  return text.replace(/^("?)(\p{Ll})/u, (_match, quote: string, letter: string) => `${quote}${letter.toUpperCase()}`);
}
