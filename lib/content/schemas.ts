import { z } from 'zod';
import { impossibleDateMessage, isCalendarDate } from './dates';

/**
 * The shapes of the consultant's content files. Each schema is the single source of truth for its kind;
 * content/README.md documents the same fields for the consultant, and a unit test keeps the two in step.
 */

const DATE_FORMAT = 'expected a date written as YYYY-MM-DD';

/**
 * A calendar date written as YYYY-MM-DD. YAML turns an unquoted date into a Date, so both are accepted;
 * an unquoted impossible date is caught in the raw text (see dates.ts) because YAML rolls it over.
 */
export const ContentDateSchema = z
  .union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DATE_FORMAT)], { error: DATE_FORMAT })
  .transform((value) => (typeof value === 'string' ? value : value.toISOString().slice(0, 10)))
  .refine(isCalendarDate, { error: (issue) => impossibleDateMessage(String(issue.input)) });

const Text = z.string().trim().min(1, 'expected non-empty text');
const TextList = z.array(Text).min(1, 'expected a list with at least one entry');
const HttpUrl = z.url({ protocol: /^https?$/, error: 'expected a full web address starting with https://' });

export const SocialLinkSchema = z.strictObject({
  label: Text.describe('what the link is, e.g. LinkedIn'),
  url: HttpUrl,
});

/** Front matter of content/bio.md: everything the contact card and the About page need. */
export const BioFrontMatterSchema = z.strictObject({
  name: Text.describe('full name as it should appear everywhere'),
  givenName: Text.describe('first name, for the vCard N field'),
  familyName: Text.describe('last name, for the vCard N field'),
  role: Text,
  company: Text,
  headline: Text.describe('one sentence about what the consultant does'),
  summary: Text.describe('a short paragraph used on the homepage and in descriptions'),
  location: z.strictObject({ city: Text, region: Text.optional(), country: Text }),
  email: z.email({ error: 'expected an email address such as name@example.com' }),
  phone: z
    .string()
    .regex(/^\+[1-9][0-9 ]{6,19}$/, 'expected an international phone number such as +44 20 7946 0321'),
  website: HttpUrl,
  social: z.array(SocialLinkSchema).default([]),
  updated: ContentDateSchema,
});

export const EngagementKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/, 'expected a lower-case key with hyphens, such as positioning-sprint');

/** Front matter of one file in content/engagements/. The markdown body is the longer description. */
export const EngagementFrontMatterSchema = z.strictObject({
  key: EngagementKeySchema,
  order: z.int().min(1, 'expected a whole number from 1 (display order)'),
  title: Text,
  tagline: Text,
  summary: Text,
  price: Text.optional(),
  includes: TextList,
  outcomes: TextList,
  timing: TextList,
  keywords: TextList.describe('words and phrases that point evaluate_client_needs to this engagement'),
  concepts: z
    .record(z.string().trim().min(1, 'expected a concept name'), TextList)
    .default({})
    .describe('ideas that point evaluate_client_needs here, each with the words clients use for it'),
  sectors: TextList.describe('technology sectors this engagement suits best'),
  fallback: z.boolean().default(false).describe('recommended when nothing matches; exactly one engagement has it'),
  updated: ContentDateSchema,
});

export const QuoteSchema = z.strictObject({ text: Text, attribution: Text });

/** Front matter of one file in content/case-studies/. The file name is the page address. */
export const CaseStudyFrontMatterSchema = z.strictObject({
  title: Text,
  client: Text.describe('client name, or a description when anonymised'),
  anonymised: z.boolean().default(false),
  sector: Text,
  engagement: EngagementKeySchema.describe('key of the engagement this work was'),
  year: z.int().min(2000, 'expected a year such as 2025').max(2100, 'expected a year such as 2025'),
  summary: Text,
  challenge: Text,
  approach: Text,
  results: TextList.describe('concrete, measurable results'),
  quote: QuoteSchema.optional(),
  featured: z.boolean().default(false),
  updated: ContentDateSchema,
});

const PageCopySchema = z.strictObject({
  title: Text,
  description: Text.describe('one or two sentences for search results and link previews'),
  intro: Text,
});

/** content/site.json: site-wide settings and the copy of pages that are not generated from other files. */
export const SiteSchema = z.strictObject({
  siteName: Text,
  description: Text,
  locale: z.string().regex(/^[a-z]{2}(?:-[A-Z]{2})?$/, 'expected a language tag such as en-GB'),
  updated: ContentDateSchema,
  home: z.strictObject({
    title: Text,
    description: Text,
    eyebrow: Text,
    headline: Text,
    lede: Text,
    positioning: z.strictObject({ heading: Text, paragraphs: TextList }),
    principles: z.array(z.strictObject({ title: Text, text: Text })).min(1, 'expected a list with at least one principle'),
    cta: z.strictObject({ heading: Text, text: Text, label: Text }),
  }),
  pages: z.strictObject({
    engagements: PageCopySchema,
    caseStudies: PageCopySchema,
    about: PageCopySchema,
    contact: PageCopySchema.extend({ responseTime: Text }),
    agents: PageCopySchema,
  }),
});

export type BioFrontMatter = z.infer<typeof BioFrontMatterSchema>;
export type EngagementFrontMatter = z.infer<typeof EngagementFrontMatterSchema>;
export type CaseStudyFrontMatter = z.infer<typeof CaseStudyFrontMatterSchema>;
export type Site = z.infer<typeof SiteSchema>;
