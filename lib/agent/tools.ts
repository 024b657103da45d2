import type { z } from 'zod';
import { getConfig } from '@/lib/config/env';
import { getBio, getEngagements } from '@/lib/content';
import type { Quota } from '@/lib/quotas/consume-quota';
import { sendConsultationRequest } from '@/lib/mail/send';
import { mailedIdentity } from '@/lib/security/web-bot-auth/agent-identity';
import type { AgentIdentity } from '@/lib/security/web-bot-auth/verify-request';
import { mailTriage } from './triage';
import { consumeSiteMailAllowance } from '@/lib/mail/site-ceiling';
import { count } from '@/lib/counting/counts';
import { logInquiry } from '@/lib/counting/inquiry-log';
import { inquiryDetailsOf } from './inquiry-details';
import { countToolCall } from '@/lib/counting/tool-counts';
import { type RequestChannel, countedClientOf } from './channel';
import { evaluateClientNeeds, suggestEngagement } from './evaluate';
import { newInquiryReference } from './inquiry-reference';
import {
  EvaluateClientNeedsRequestSchema,
  EvaluateClientNeedsResponseSchema,
  ScheduleConsultationRequestSchema,
  ScheduleConsultationResponseSchema,
} from './agent-schemas';
import { toolPath } from '@/lib/http/api-paths';

/** What a tool handler knows about its caller, whichever door (REST or MCP) it came through. */
export interface ToolContext {
  origin: string;
  requestId: string;
  /** Counts the call against a further quota; throws 429 RATE_LIMITED past it. */
  consume(quota: Quota): Promise<void>;
  /** How the call arrived, as the request itself said; the consultant's mail shows it. */
  channel: RequestChannel;
  /** Verifies the request's Web Bot Auth signature, for the mail (lib/security/web-bot-auth). */
  identity?: () => Promise<AgentIdentity>;
  /** The client's address, as quotas count it; an Idempotency-Key is the client's own (lib/idempotency/idempotency-key.ts). */
  client: string;
}

/**
 * How a tool acts beyond the site, for MCP annotations and the server card (read-only is `!sideEffects`).
 * A sent mail cannot be unsent and reaches a person outside the site, so clients ask the user first.
 */
interface ToolHints {
  /** Its effect cannot be undone. */
  destructive: boolean;
  /** Calling it twice with the same input has no further effect. */
  idempotent: boolean;
  /** It reaches something outside this site (a mail server, a person). */
  openWorld: boolean;
}

/**
 * Any tool, whichever door serves it: MCP lists and calls every one, its own among them (lib/mcp), and each counts
 * its own call. `C` is what its door tells it beyond a REST call.
 */
export interface AgentTool<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  C extends ToolContext = ToolContext,
> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  /** True when the tool changes something outside the site (sends mail). */
  sideEffects: boolean;
  hints: ToolHints;
  run(input: z.output<I>, context: C): z.output<O> | Promise<z.output<O>>;
}

/** The side effects and hints of a tool that only reads the site. */
export const READS_ONLY = { sideEffects: false, hints: { destructive: false, idempotent: true, openWorld: false } };

/** One tool of the agent API, described once: REST, the manifest, MCP and OpenAPI all derive from this. */
export interface ToolDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> extends AgentTool<
  I,
  O
> {
  name: 'evaluate_client_needs' | 'schedule_consultation';
  /** The REST path segment: the URLs use hyphens where tool names use underscores (docs/agent-api.md, "Manifest"). */
  slug: string;
  run(input: z.output<I>, context: ToolContext): Promise<z.output<O>>;
}

function defineTool<I extends z.ZodType, O extends z.ZodType>(tool: ToolDefinition<I, O>): ToolDefinition<I, O> {
  return tool;
}

/** The absolute REST URL of a tool. */
export function toolUrl(origin: string, tool: Pick<ToolDefinition, 'slug'>): string {
  return `${origin}${toolPath(tool.slug)}`;
}

export const evaluateClientNeedsTool = defineTool({
  name: 'evaluate_client_needs',
  slug: 'evaluate-client-needs',
  title: 'Evaluate client needs',
  description:
    "Match a client's challenges and technology sector to the best of the consultant's four engagement types. " +
    'Use it first, to find which engagement fits before proposing a consultation. Deterministic keyword scoring ' +
    'against the real engagement types (never invented); informational only: it notifies no one and sends nothing.',
  input: EvaluateClientNeedsRequestSchema,
  output: EvaluateClientNeedsResponseSchema,
  ...READS_ONLY,
  async run(input, context) {
    countToolCall(context.channel.kind, 'evaluate_client_needs');
    const answer = evaluateClientNeeds(input, {
      engagements: getEngagements(),
      consultantName: getBio().name,
      scheduleUrl: toolUrl(context.origin, scheduleConsultationTool),
    });
    count('engagement', answer.recommended.key);
    return answer;
  },
});

export const scheduleConsultationTool = defineTool({
  name: 'schedule_consultation',
  slug: 'schedule-consultation',
  title: 'Request a consultation',
  description:
    'Send a consultation request to the consultant by email, on behalf of a founder or executive who asked for it. ' +
    'This is a request a person answers, not a booking: no calendar slot is reserved, and the consultant replies ' +
    'personally within 24 hours to agree a time. Confirm the details with the user before calling; each accepted ' +
    'call sends exactly one email.',
  input: ScheduleConsultationRequestSchema,
  output: ScheduleConsultationResponseSchema,
  sideEffects: true,
  hints: { destructive: true, idempotent: false, openWorld: true },
  async run(input, context) {
    countToolCall(context.channel.kind, 'schedule_consultation');
    // Started first, so the signer's directory is read (within its time-out) while the quotas are checked.
    const identity = context.identity?.();
    const config = getConfig();
    await context.consume({
      name: 'schedule',
      limit: config.SCHEDULE_LIMIT_PER_HOUR,
      windowSeconds: 3600,
      refuseWhenFull: true,
    });
    await consumeSiteMailAllowance(config.MAIL_LIMIT_PER_DAY, context.channel.kind);
    const reference = newInquiryReference();
    const suggestion = suggestEngagement(getEngagements(), input);
    await sendConsultationRequest(input, {
      requestId: context.requestId,
      reference,
      ...mailTriage(context.channel, suggestion, await identity?.then(mailedIdentity)),
    });
    await logInquiry(
      {
        reference,
        channel: context.channel.kind,
        client: countedClientOf(context.channel),
        engagement: suggestion.key,
      },
      inquiryDetailsOf(input, config.INQUIRY_RETENTION_DAYS),
    );
    const name = getBio().name;
    const promise = `${name} reviews every request personally and replies to ${input.client_email} within 24 hours to confirm a time. No time slot has been reserved.`;
    return {
      success: true,
      reference,
      // Where the site keeps its mail (a mail server, or the embedded inbox of a local run or a trial) is the
      // owner's business, never the visitor's.
      message: `Your consultation request has been sent to ${name}. ${promise}`,
    };
  },
});

/** Both tools, in manifest order. */
export const TOOLS = [evaluateClientNeedsTool, scheduleConsultationTool] as const;

/** The tool served at this REST path segment, or undefined. */
export function findToolBySlug(slug: string): ToolDefinition | undefined {
  return TOOLS.find((tool) => tool.slug === slug);
}
