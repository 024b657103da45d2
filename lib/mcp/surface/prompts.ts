import { type CompleteResult, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { describeFields } from '@/lib/agent/describe';
import { findResource } from '@/lib/agent/resources';
import { evaluateClientNeedsTool, scheduleConsultationTool } from '@/lib/agent/tools';
import { getBio, getCaseStudies, getEngagements } from '@/lib/content';
import { shortened } from '@/lib/text/shortened';

/** Prompt arguments are strings (MCP 2025-03-26, Prompts); every one is optional, as a prompt gathers what is missing. */
type PromptArgs = Record<string, z.ZodOptional<z.ZodString>>;

/** One MCP prompt: a user message that walks an agent through a task with the tools. */
interface PromptDefinition {
  name: string;
  title: string;
  description: string;
  args: PromptArgs;
  render(args: Record<string, string | undefined>): string;
}

/** A tool's input fields as prompt arguments, with the descriptions of lib/agent/agent-schemas.ts. */
function argumentsOf(schema: z.ZodObject): PromptArgs {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [
      name,
      z
        .string()
        .optional()
        .describe(z.globalRegistry.get(field)?.description ?? name),
    ]),
  );
}

/** "- challenges: <what the user said>" or "- challenges: not given yet", one line per field. */
function knownSoFar(args: PromptArgs, values: Record<string, string | undefined>): string[] {
  return Object.keys(args).map((name) => `- ${name}: ${values[name]?.trim() || 'not given yet'}`);
}

const uriOf = (name: string) => findResource(name)?.uri ?? name;

const qualifyArgs = argumentsOf(evaluateClientNeedsTool.input);
const draftArgs: PromptArgs = {
  ...argumentsOf(scheduleConsultationTool.input),
  engagement: z
    .string()
    .optional()
    .describe('the engagement type the request is about, when one was recommended (completion offers them)'),
};

export const qualifyClientPrompt: PromptDefinition = {
  name: 'qualify_client',
  title: 'Qualify a prospective client',
  description: `Walks you through learning a company's challenges and sector, calling ${evaluateClientNeedsTool.name}, and explaining the engagement it recommends.`,
  args: qualifyArgs,
  render(values) {
    const bio = getBio();
    const engagements = getEngagements();
    return [
      `Help me find out whether ${bio.name} (${bio.role}, ${bio.company}) is the right outside help for a company, and which engagement fits.`,
      '',
      'What we know so far:',
      ...knownSoFar(qualifyArgs, values),
      '',
      `1. Ask for whatever is not given yet, one short question at a time, in the client's own words; do not invent details.`,
      `2. Call the tool ${evaluateClientNeedsTool.name} with ${Object.keys(qualifyArgs).join(' and ')}. It scores them against the ${engagements.length} real engagement types (${engagements.map((e) => e.title).join(', ')}) with fixed keywords; it sends nothing and notifies no one.`,
      `3. Explain the recommended engagement: why it fits, what it includes, what it achieves and how long it takes; mention the runner-up (alsoConsider) if there is one. The resource ${uriOf('engagements')} describes every engagement in full and ${uriOf('case-studies')} shows comparable client work.`,
      `4. If the client wants to talk to ${bio.name}, use the prompt ${draftConsultationRequestPrompt.name}: draft the request and get their confirmation before calling ${scheduleConsultationTool.name}.`,
    ].join('\n');
  },
};

export const draftConsultationRequestPrompt: PromptDefinition = {
  name: 'draft_consultation_request',
  title: 'Draft a consultation request',
  description: `Drafts a consultation request from what the user said and has them confirm it before ${scheduleConsultationTool.name} is called. A request the consultant answers, not a booking.`,
  args: draftArgs,
  render(values) {
    const bio = getBio();
    const fields = describeFields(scheduleConsultationTool.input);
    return [
      `Draft a consultation request to ${bio.name} (${bio.company}) for me to confirm. Do not call ${scheduleConsultationTool.name} until I have confirmed the draft.`,
      '',
      `What ${scheduleConsultationTool.name} does: ${scheduleConsultationTool.description}`,
      '',
      'Its fields:',
      ...Object.entries(fields).map(([name, description]) => `- ${name}: ${description}`),
      '',
      'What I have given so far:',
      ...knownSoFar(draftArgs, values),
      '',
      '1. Ask me for every required field that is still missing. Fill optional fields only from what I have said; keep project_context to a few sentences in my words, and name the engagement there if one is given (it is not a field of its own).',
      '2. Show me the draft, one field per line, and ask whether to send it as it is.',
      `3. Only after I say yes, call ${scheduleConsultationTool.name} with exactly the fields I confirmed. If it answers with an error, tell me what it says and correct the field it names.`,
      `4. Pass on the message it returns. It is a request that ${bio.name} answers personally, not a booking: no time is reserved until ${bio.name} replies.`,
    ].join('\n');
  },
};

/** Every prompt, in the order prompts/list gives them. */
export const PROMPTS: readonly PromptDefinition[] = [qualifyClientPrompt, draftConsultationRequestPrompt];

/** A name a client sent, quoted as a message shows it. */
export const shown = (name: string) => JSON.stringify(shortened(name, 60));

/** The one wording for a prompt this server does not have, which names the ones it has. */
export const unknownPrompt = (name: string) =>
  `Unknown prompt ${shown(name)}: this server has ${PROMPTS.map((p) => p.name).join(' and ')}.`;

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
  if (!prompt || !Object.hasOwn(prompt.args, argument.name)) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      prompt
        ? `The prompt ${prompt.name} has no argument ${shown(argument.name)}; it has ${Object.keys(prompt.args).join(', ')}.`
        : unknownPrompt(String(ref.name)),
    );
  }
  const source = SOURCES[argument.name];
  const values = source ? rank(source(), argument.value) : [];
  return {
    completion: { values: values.slice(0, MAX_VALUES), total: values.length, hasMore: values.length > MAX_VALUES },
  };
}
