import type { Engagement } from '@/lib/content';
import type { EvaluateClientNeedsRequest } from '../agent-schemas';
import { EVIDENCE_SIGNAL, type EngagementScore, hasPoints, scoreEngagements } from './score';

/**
 * How clearly the challenges point to the chosen engagement: `none` when nothing did (the fallback is
 * recommended), `weak` when only the descriptions matched or the runner-up is within a point, `strong` when
 * curated words earned 4 points or more and lead by 2 or more, else `moderate`.
 */
export type SignalStrength = 'strong' | 'moderate' | 'weak' | 'none';

/** The recommendation for a request, the ranking behind it, the runner-up worth naming, and how sure it is. */
export interface Choice {
  ranked: EngagementScore[];
  chosen: EngagementScore;
  runnerUp: EngagementScore | undefined;
  strength: SignalStrength;
}

function strengthOf(best: EngagementScore, runnerUp: EngagementScore | undefined): SignalStrength {
  const lead = best.total - (runnerUp?.total ?? 0);
  if (best.keywordPoints === 0 || lead < 1) return 'weak';
  return best.keywordPoints >= 4 && lead >= 2 ? 'strong' : 'moderate';
}

/**
 * The engagement recommended for a request: the best score when a keyword or concept matched, or the
 * descriptions matched with EVIDENCE_SIGNAL points or more; else the engagement marked `fallback`. Shared by
 * evaluate_client_needs, the consultant's mail and `npm run evaluate`.
 */
export function chooseEngagement(engagements: readonly Engagement[], request: EvaluateClientNeedsRequest): Choice {
  const ranked = scoreEngagements(engagements, request);
  const best = ranked[0];
  if (!best) throw new Error('evaluate_client_needs needs at least one engagement');
  const signal = best.keywordPoints > 0 || best.evidencePoints >= EVIDENCE_SIGNAL;
  const fallback = engagements.find((engagement) => engagement.fallback) ?? best.engagement;
  const chosen = signal ? best : (ranked.find((score) => score.engagement === fallback) ?? best);
  const runnerUp = ranked.find((score) => score !== chosen && hasPoints(score));
  return { ranked, chosen, runnerUp, strength: signal ? strengthOf(best, ranked[1]) : 'none' };
}
