import { type CompleteResult, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { getCaseStudies, getEngagements } from '@/lib/content';
import { PROMPTS } from './prompts';

/** The most values one completion answers (MCP 2025-06-18, Completion: "maximum 100 items"). */
const MAX_VALUES = 100;

/** The technology sectors the content names: the engagements' own and the case studies', each once. */
function sectors(): string[] {
  const named = [
    ...getEngagements().flatMap((engagement) => engagement.sectors),
    ...getCaseStudies().map((s) => s.sector),
  ];
  return [...new Map(named.map((sector) => [sector.toLowerCase(), sector])).values()];
}

/** What each prompt argument is completed from; an argument not named here is free text. */
const SOURCES: Record<string, () => string[]> = {
  technology_sector: sectors,
  engagement: () => getEngagements().map((engagement) => engagement.title),
};

/** Candidates that start with what was typed come first, then those containing it; case is ignored. */
function rank(candidates: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLowerCase();
  const starts = candidates.filter((value) => value.toLowerCase().startsWith(needle));
  const contains = candidates.filter((value) => !starts.includes(value) && value.toLowerCase().includes(needle));
  return [...starts, ...contains];
}

/**
 * completion/complete for the prompts' arguments (MCP 2025-06-18, "Completion"): sectors and engagements from
 * content. An unknown prompt or argument is -32602; a resource reference completes to nothing (no templates).
 */
export function completeArgument(
  ref: { type: string; name?: string },
  argument: { name: string; value: string },
): CompleteResult {
  if (ref.type !== 'ref/prompt') return { completion: { values: [], total: 0, hasMore: false } };
  const prompt = PROMPTS.find((candidate) => candidate.name === ref.name);
  if (!prompt || !(argument.name in prompt.args)) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      prompt
        ? `The prompt ${prompt.name} has no argument "${argument.name.slice(0, 100)}"; it has ${Object.keys(prompt.args).join(', ')}.`
        : `Unknown prompt "${String(ref.name).slice(0, 100)}": this server has ${PROMPTS.map((p) => p.name).join(' and ')}.`,
    );
  }
  const source = SOURCES[argument.name];
  const values = source ? rank(source(), argument.value) : [];
  return {
    completion: { values: values.slice(0, MAX_VALUES), total: values.length, hasMore: values.length > MAX_VALUES },
  };
}
