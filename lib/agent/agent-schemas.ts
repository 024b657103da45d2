import { z } from 'zod';

/**
 * Every request and response shape of the agent API (docs/agent-api.md: "Manifest", "Resources", "Tools", "Errors"),
 * each written once. REST validation, the manifest's `body` descriptions, the MCP input and output schemas and
 * OpenAPI are all derived from these; tests/unit/agent/contract.test.ts fails when they drift.
 */

/** Trimmed text of 1 to `max` characters, worded as every field of the agent API words it. */
export const nonEmptyText = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** One line of text: no control characters, so nothing in it can become a mail header or an SMTP command. */
const singleLine = (max: number) =>
  nonEmptyText(max).regex(/^[^\p{Cc}]*$/u, 'must be a single line without control characters (no line breaks)');

/** Free text that may span lines; other control characters are refused. */
const multiLine = (max: number) =>
  nonEmptyText(max).regex(
    /^(?:[^\p{Cc}]|[\r\n\t])*$/u,
    'must not contain control characters other than line breaks and tabs',
  );

export const EvaluateClientNeedsRequestSchema = z
  .strictObject({
    challenges: multiLine(4000).describe("current messaging, pitch or scaling challenges, in the client's words"),
    technology_sector: singleLine(200).describe(
      'the technical domain, free text (for example "developer tools" or "fintech")',
    ),
  })
  .describe('EvaluateClientNeedsRequest');

const EngagementSummarySchema = z.object({
  key: z.string().describe('engagement type key, one of the four in the engagements resource'),
  title: z.string(),
  tagline: z.string(),
});

export const EvaluateClientNeedsResponseSchema = z
  .object({
    recommended: EngagementSummarySchema.extend({
      why: z
        .string()
        .describe(
          'rationale: the words that matched and how strong the signal was; begins "Strong signal", "Moderate signal", "Weak signal", or "No strong signal was found" when the usual first step is recommended',
        ),
      includes: z.array(z.string()),
      outcomes: z.array(z.string()),
      timing: z.array(z.string()),
    }).describe('the best-matching engagement type'),
    alsoConsider: EngagementSummarySchema.nullable().describe(
      'the runner-up engagement type when it scored, else null',
    ),
    nextStep: z.string().describe('suggested next step'),
  })
  .describe('EvaluateClientNeedsResponse');

export const ScheduleConsultationRequestSchema = z
  .strictObject({
    client_name: singleLine(120).describe('name of the founder or executive requesting the call'),
    client_email: z
      .email({ error: 'must be an email address such as name@example.com' })
      .max(254, 'must be at most 254 characters')
      .describe('address the consultant replies to'),
    preferred_time: singleLine(200)
      .optional()
      .describe('preferred time slot, any format (for example "Tuesday afternoons CET")'),
    project_context: multiLine(4000).optional().describe('what the company does and what prompted the inquiry'),
    technology_sector: singleLine(200).optional().describe('the technical domain'),
  })
  .describe('ScheduleConsultationRequest');

export const ScheduleConsultationResponseSchema = z
  .object({
    success: z.boolean(),
    message: z.string(),
    reference: z
      .string()
      .optional()
      .describe(
        "the request's short reference (such as 261123-7K2M9X), named in the consultant's mail; quote it when writing about this request",
      ),
    error: z.string().optional(),
  })
  .describe('ScheduleConsultationResponse');

export const ResourceNameSchema = z.enum(['bio', 'case-studies', 'engagements', 'contact-card']);

export const ResourceMarkdownSchema = z
  .object({ name: z.string(), content: z.string().describe('markdown text') })
  .describe('ResourceMarkdown');
export const ResourceJsonSchema = z
  .object({ name: z.string(), data: z.array(z.record(z.string(), z.unknown())) })
  .describe('ResourceJson');
export const ResourceVcardSchema = z
  .object({ name: z.string(), content: z.string().describe('vCard 3.0 text') })
  .describe('ResourceVcard');

export const ManifestSchema = z
  .object({
    name: z.string().describe('server name'),
    version: z.string().describe('manifest version; equals every REST-Version header'),
    description: z.string(),
    resources: z.array(z.object({ name: z.string(), method: z.literal('GET'), url: z.url() })),
    tools: z.array(
      z.object({
        name: z.string(),
        method: z.literal('POST'),
        url: z.url(),
        body: z.record(z.string(), z.string()),
        description: z.string(),
      }),
    ),
    mcp: z.url(),
  })
  .describe('Manifest');

export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string().describe('machine-readable error code, for example NOT_FOUND'),
      message: z.string().describe('human-readable description'),
      resolution: z.string().describe('a concrete next step for the caller'),
    }),
  })
  .describe('ErrorBody');

export type EvaluateClientNeedsRequest = z.infer<typeof EvaluateClientNeedsRequestSchema>;
export type EvaluateClientNeedsResponse = z.infer<typeof EvaluateClientNeedsResponseSchema>;
export type ScheduleConsultationRequest = z.infer<typeof ScheduleConsultationRequestSchema>;
export type ScheduleConsultationResponse = z.infer<typeof ScheduleConsultationResponseSchema>;
export type ResourceName = z.infer<typeof ResourceNameSchema>;
export type Manifest = z.infer<typeof ManifestSchema>;
