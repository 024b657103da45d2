import type { Engagement } from '@/lib/content';
import type { EvaluateClientNeedsRequest } from '../agent-schemas';
import { weighWords } from './clauses';
import { correctTypo } from './typos';
import { type Phrase, type PhraseIndex, type Vocabulary, vocabularyOf } from './vocabulary';
import { FUNCTION_WORDS, americanSpelling, normalise, stemWord } from '@/lib/text/words';

/**
 * The points each engagement earns from a request (docs/evaluate.md, "How it scores"):
 *   - a keyword or concept phrase whose words appear in a row in `challenges`: 2 points, plus 1 for each further
 *     word, times the weight of its clause (clauses.ts); each keyword, and each concept, counts once;
 *   - the other words, as evidence from the engagement's description (BM25, see vocabulary.ts), at
 *     EVIDENCE_SCALE of their weight: always less than one keyword;
 *   - SECTOR_POINTS for each of the engagement's sectors named in `technology_sector`: most sectors are listed
 *     on several engagements, so a sector tells them apart less than one keyword does.
 */
const EVIDENCE_SCALE = 0.5;

/** Points for each of the engagement's sectors named in `technology_sector`. */
export const SECTOR_POINTS = 0.5;

/** Evidence worth less than this is dropped: a word all four descriptions use says nothing about any of them. */
const MIN_EVIDENCE_POINTS = 0.1;

/** Code-unit order, the same on every machine (localeCompare depends on the runtime's locale data). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Evidence points below which the descriptions alone are no signal: one word shared by chance is not enough. */
export const EVIDENCE_SIGNAL = 1.5;

/** A keyword or concept phrase found in the challenges. */
export interface PhraseMatch {
  phrase: string;
  concept?: string;
  /** The client's words that matched, as written (folded); a typo is kept as written. */
  written: string;
  /** What a typo in `written` was read as, when there was one. */
  readAs?: string;
  points: number;
}

/** A word of the challenges that also describes the engagement. */
interface EvidenceMatch {
  written: string;
  points: number;
}

/** The points one engagement earned, with the words that earned them. */
export interface EngagementScore {
  engagement: Engagement;
  /** Points from keywords and concepts, the consultant's curated words. */
  keywordPoints: number;
  evidencePoints: number;
  sectorPoints: number;
  total: number;
  /** Keyword and concept matches in the order the consultant wrote them. */
  matches: PhraseMatch[];
  /** The matched keywords and concept phrases as the consultant wrote them. */
  matchedKeywords: string[];
  /** Evidence words, strongest first. */
  evidence: EvidenceMatch[];
  matchedSectors: string[];
}

interface ReadWord {
  written: string;
  readAs?: string;
  stem: string;
  weight: number;
}

/** The client's words with their clause weights, typos read back, and stems. */
function readChallenges(challenges: string, vocabulary: Vocabulary): ReadWord[] {
  return weighWords(challenges).map(({ written, weight }) => {
    const stem = stemWord(written);
    const readAs = vocabulary.knownStems.has(stem) ? undefined : correctTypo(americanSpelling(written), vocabulary);
    return { written, ...(readAs ? { readAs } : {}), stem: readAs ? stemWord(readAs) : stem, weight };
  });
}

const round = (points: number) => Math.round(points * 100) / 100;

/**
 * Finds the phrases of `index` in `words`, longest first, each word used by one match only ("pitch deck" does not also
 * score "pitch"). A phrase found more than once counts its best clause. Marks the words used in `used`.
 */
function findPhrases(words: readonly ReadWord[], index: PhraseIndex, used: boolean[]): PhraseMatch[] {
  const found = new Map<Phrase, PhraseMatch>();
  // Where each stem occurs, so that a phrase is tried only where its first word is.
  const positions = new Map<string, number[]>();
  words.forEach((word, i) => {
    const at = positions.get(word.stem);
    if (at) at.push(i);
    else positions.set(word.stem, [i]);
  });
  // The phrases these words can start, in the index's order: the words they claim depend on it.
  const candidates = [...positions.keys()]
    .flatMap((stem) => index.byFirstStem.get(stem) ?? [])
    .sort((a, b) => (index.rank.get(a) ?? 0) - (index.rank.get(b) ?? 0));
  const startsAt = (at: number, stems: readonly string[]) =>
    stems.every((stem, j) => !used[at + j] && words[at + j]?.stem === stem);
  for (const phrase of candidates) {
    const length = phrase.stems.length;
    for (const i of positions.get(phrase.stems[0] ?? '') ?? []) {
      if (!startsAt(i, phrase.stems)) continue;
      const span = words.slice(i, i + length);
      span.forEach((_, j) => (used[i + j] = true));
      const points = round((1 + length) * Math.min(...span.map((word) => word.weight)));
      const previous = found.get(phrase);
      if (points > 0 && (!previous || points > previous.points)) {
        const typo = span.find((word) => word.readAs);
        found.set(phrase, {
          phrase: phrase.phrase,
          ...(phrase.concept === undefined ? {} : { concept: phrase.concept }),
          written: span.map((word) => word.written).join(' '),
          ...(typo?.readAs ? { readAs: span.map((word) => word.readAs ?? word.written).join(' ') } : {}),
          points,
        });
      }
    }
  }
  // A concept counts once, by its best phrase; then the consultant's order.
  const best = new Map<string, { order: number; match: PhraseMatch }>();
  for (const [phrase, match] of found) {
    const id = phrase.concept === undefined ? `keyword:${phrase.phrase}` : `concept:${phrase.concept}`;
    const current = best.get(id);
    if (!current || match.points > current.match.points) best.set(id, { order: phrase.order, match });
  }
  return [...best.values()].sort((a, b) => a.order - b.order).map(({ match }) => match);
}

/** The unused words of the challenges that the engagement's description also uses, strongest first. */
function findEvidence(words: readonly ReadWord[], weights: ReadonlyMap<string, number>, used: readonly boolean[]) {
  const byStem = new Map<string, EvidenceMatch>();
  words.forEach((word, i) => {
    const weight = weights.get(word.stem);
    if (used[i] || weight === undefined || word.weight === 0 || FUNCTION_WORDS.has(word.written)) return;
    const points = round(EVIDENCE_SCALE * weight * word.weight);
    if (points < MIN_EVIDENCE_POINTS) return;
    const previous = byStem.get(word.stem);
    if (!previous || points > previous.points) byStem.set(word.stem, { written: word.readAs ?? word.written, points });
  });
  return [...byStem.values()].sort((a, b) => b.points - a.points || compareText(a.written, b.written));
}

/** Scores every engagement against a request, best first: total, then curated points, then matches, then content order. */
export function scoreEngagements(
  engagements: readonly Engagement[],
  request: EvaluateClientNeedsRequest,
): EngagementScore[] {
  const vocabulary = vocabularyOf(engagements);
  const words = readChallenges(request.challenges, vocabulary);
  const sectorWords = normalise(request.technology_sector).map((stem) => ({ written: stem, stem, weight: 1 }));
  const scores = engagements.map((engagement, index) => {
    const prepared = vocabulary.of.get(engagement);
    if (!prepared) throw new Error(`evaluate_client_needs has no vocabulary for ${engagement.key}`);
    const used = words.map(() => false);
    const matches = findPhrases(words, prepared.phrases, used);
    const evidence = findEvidence(words, prepared.evidence, used);
    const matchedSectors = findPhrases(
      sectorWords,
      prepared.sectors,
      sectorWords.map(() => false),
    ).map((m) => m.phrase);
    const keywordPoints = round(matches.reduce((sum, match) => sum + match.points, 0));
    const evidencePoints = round(evidence.reduce((sum, match) => sum + match.points, 0));
    const sectorPoints = matchedSectors.length * SECTOR_POINTS;
    const total = round(keywordPoints + evidencePoints + sectorPoints);
    const matchedKeywords = matches.map((match) => match.phrase);
    const score = {
      engagement,
      keywordPoints,
      evidencePoints,
      sectorPoints,
      total,
      matches,
      matchedKeywords,
      evidence,
      matchedSectors,
    };
    return { score, index };
  });
  scores.sort(
    (a, b) =>
      b.score.total - a.score.total ||
      b.score.keywordPoints - a.score.keywordPoints ||
      b.score.matches.length - a.score.matches.length ||
      a.index - b.index,
  );
  return scores.map(({ score }) => score);
}

/** Whether an engagement's points say anything: a curated word, a named sector, or enough description words. */
export function hasPoints(score: EngagementScore): boolean {
  return score.keywordPoints > 0 || score.sectorPoints > 0 || score.evidencePoints >= EVIDENCE_SIGNAL;
}
