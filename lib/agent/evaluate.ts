import type { Engagement } from '@/lib/content';
import type {
  EvaluateClientNeedsRequest,
  EvaluateClientNeedsResponse,
  ScheduleConsultationRequest,
} from './agent-schemas';
import { type Choice, type SignalStrength, chooseEngagement } from './scoring/choose';
import type { PhraseMatch } from './scoring/score';

/**
 * evaluate_client_needs: a deterministic keyword match of a client's words against the four engagement types in
 * content/engagements (docs/agent-api.md, "Overview"). No model is involved, so it can only ever answer with
 * an engagement that exists. How it scores: lib/agent/scoring, and docs/evaluate.md.
 */

export { chooseEngagement } from './scoring/choose';
export { scoreEngagements } from './scoring/score';
export type { EngagementScore } from './scoring/score';

function quoteList(values: readonly string[]): string {
  const quoted = values.map((value) => `"${value}"`);
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/** What evaluate_client_needs needs beyond the request: the engagements from content and how to reach the consultant. */
interface EvaluateContext {
  engagements: readonly Engagement[];
  consultantName: string;
  scheduleUrl: string;
}

/** What evaluate_client_needs would recommend for a consultation request, with the words that matched. */
export interface EngagementSuggestion {
  key: string;
  title: string;
  matchedKeywords: string[];
  /** Words of the request that the engagement's own description uses, when they counted. */
  matchedDescription: string[];
  matchedSectors: string[];
}

/** evaluate_client_needs's recommendation for a request's project_context and technology_sector. */
export function suggestEngagement(
  engagements: readonly Engagement[],
  request: ScheduleConsultationRequest,
): EngagementSuggestion {
  const { chosen, strength } = chooseEngagement(engagements, {
    challenges: request.project_context ?? '',
    technology_sector: request.technology_sector ?? '',
  });
  const { key, title } = chosen.engagement;
  return {
    key,
    title,
    matchedKeywords: chosen.matchedKeywords,
    matchedDescription: strength === 'none' ? [] : chosen.evidence.map((match) => match.written),
    matchedSectors: chosen.matchedSectors,
  };
}

/** A match as the client wrote it, with the reading of a typo and the concept it stands for. */
function describeMatch(match: PhraseMatch): string {
  const readAs = match.readAs ? ` (read as "${match.readAs}")` : '';
  const concept = match.concept && match.concept !== match.phrase ? ` (${match.concept})` : '';
  return `"${match.written}"${readAs}${concept}`;
}

function listOf(values: readonly string[]): string {
  return values.length <= 1 ? values.join('') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;
}

const points = (value: number) => `${Number(value.toFixed(1))} point${value === 1 ? '' : 's'}`;

const STRENGTH_LABELS: Record<Exclude<SignalStrength, 'none'>, string> = {
  strong: 'Strong signal',
  moderate: 'Moderate signal',
  weak: 'Weak signal',
};

/** The rationale: the words that decided it, how strong the signal was, and the runner-up's score. */
function explain({ chosen, runnerUp, strength }: Choice): string {
  const { title, summary } = chosen.engagement;
  const sectorNote =
    chosen.matchedSectors.length > 0
      ? ` ${capitalise(quoteList(chosen.matchedSectors))} is a sector this engagement often serves.`
      : '';
  if (strength === 'none') {
    return `No strong signal was found in the challenges for a specific engagement, so the recommendation is ${title}, the usual first step: ${summary}${sectorNote}`;
  }
  const comparison = runnerUp
    ? `; next best ${runnerUp.engagement.title} with ${points(runnerUp.total)}`
    : '; nothing else matched enough to suggest';
  const score = `(${points(chosen.total)}${comparison})`;
  const descriptionWords = quoteList(chosen.evidence.slice(0, 3).map((match) => match.written));
  const closing =
    strength !== 'weak'
      ? ''
      : runnerUp
        ? ` The signal is weak, so treat ${runnerUp.engagement.title} as equally worth discussing.`
        : ' The signal is weak: few of your words point anywhere, so say more about the challenge if you can.';
  if (chosen.matches.length === 0) {
    return `${STRENGTH_LABELS[strength]}: no keyword matched, but your challenges share ${descriptionWords} with how ${title} is described ${score}.${closing}${sectorNote}`;
  }
  const also = chosen.evidence.length > 0 ? ` Its description also matches ${descriptionWords}.` : '';
  const strongestFirst = [...chosen.matches].sort((a, b) => b.points - a.points);
  return `${STRENGTH_LABELS[strength]}: your challenges mention ${listOf(strongestFirst.map(describeMatch))}, which ${title} is designed to address ${score}.${also}${closing}${sectorNote}`;
}

/** Builds the EvaluateClientNeedsResponse (docs/agent-api.md, "evaluate_client_needs"). */
export function evaluateClientNeeds(
  request: EvaluateClientNeedsRequest,
  context: EvaluateContext,
): EvaluateClientNeedsResponse {
  const choice = chooseEngagement(context.engagements, request);
  const { chosen, runnerUp } = choice;
  const { key, title, tagline, includes, outcomes, timing } = chosen.engagement;
  return {
    recommended: { key, title, tagline, why: explain(choice), includes, outcomes, timing },
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
