import { z } from 'zod';
import { dateMessage, isCalendarDate } from './dates';
import { wholeNumberMeaning } from './fixes';
import { PhraseSchema } from './phrases';
import { PlainNameSchema, findMarkup, nameKey } from './plain-text';

/**
 * The shapes of the consultant's content files. Each schema is the single source of truth for its kind;
 * content/README.md documents the same fields for the consultant, and a unit test keeps the two in step.
 */

/**
 * A calendar date written as YYYY-MM-DD, quoted or not: the YAML parser keeps an unquoted date as the text
 * written, so 2026-02-30 is caught here rather than rolled over to March.
 */
export const ContentDateSchema = z.custom<string>((value) => typeof value === 'string' && isCalendarDate(value), {
  error: (issue) => dateMessage(issue.input),
});

const Text = z.string().trim().min(1, 'expected non-empty text');
const TextList = z.array(Text).min(1, 'expected a list with at least one entry');
const PhraseList = z.array(PhraseSchema).min(1, 'expected a list with at least one entry');
const HttpUrl = z.url({ protocol: /^https?$/, error: 'expected a full web address starting with https://' });

/**
 * An international phone number in any of its usual written forms (+44 20 7946 0158, +44 (0)20 7946 0158,
 * +1 (415) 555-0100), stored as + and digits in groups: tel: links, the vCard and JSON-LD need that form, and the
 * UK "(0)" is dropped because it is not dialled from abroad.
 */
export const PhoneSchema = z.string().transform((written, context) => {
  const plain = written.trim().replace(/\(0\)/, ' ').replace(/[()\-./]/g, ' ').replace(/\s+/g, ' ');
  const digits = plain.replace(/\D/g, '').length;
  let problem: string | undefined;
  if (plain.startsWith('00')) problem = `expected + in place of the 00 at the start: "+${plain.slice(2)}"`;
  else if (plain.startsWith('0')) problem = 'expected + and the country code, then the number without its first 0: 020 7946 0158 in the UK is "+44 20 7946 0158"';
  else if (!plain.startsWith('+')) problem = 'expected + and the country code first, such as "+44 20 7946 0158"';
  else if (/[^+\d ]/.test(plain)) problem = `expected only digits, spaces, hyphens and brackets after the +; remove "${/[^+\d ]+/.exec(plain)?.[0]}"`;
  else if (digits < 8 || digits > 15) problem = `expected 8 to 15 digits with the country code, found ${digits}`;
  if (problem) context.addIssue({ code: 'custom', message: problem });
  return plain.replace(/^\+ /, '+');
});

export const SocialLinkSchema = z.strictObject({
  label: Text.describe('what the link is, e.g. LinkedIn'),
  url: HttpUrl,
});

/** Words read out as written, as a photo's description is: no tags or markdown. */
const PlainText = Text.superRefine((text, context) => {
  const markup = findMarkup(text);
  if (markup) {
    const advice = 'write it without tags or markdown, as it is read out as written';
    context.addIssue({ code: 'custom', message: `expected plain words, found markup ("${markup}"); ${advice}` });
  }
});

/** A photo of the consultant, kept in the content folder; lib/content/portrait-file.ts checks the file itself. */
const PortraitSchema = z.strictObject({
  file: Text.describe('the photo’s file name in the content folder, such as portrait.jpg'),
  description: PlainText.describe('what the photo shows, for people who cannot see it'),
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
  phone: PhoneSchema,
  website: HttpUrl,
  social: z.array(SocialLinkSchema).default([]),
  portrait: PortraitSchema.optional(),
  updated: ContentDateSchema,
});

export const EngagementKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/, 'expected a lower-case key with hyphens, such as positioning-sprint');

/** Front matter of one file in content/engagements/. The markdown body is the longer description. */
export const EngagementFrontMatterSchema = z.strictObject({
  key: EngagementKeySchema,
  order: z
    .int()
    .min(1, 'expected a whole number from 1 (display order)')
    .register(wholeNumberMeaning, { counts: 'position' }),
  title: Text,
  tagline: Text,
  summary: Text,
  price: Text.optional(),
  includes: TextList,
  outcomes: TextList,
  timing: TextList,
  keywords: PhraseList.describe('words and phrases that point evaluate_client_needs to this engagement'),
  concepts: z
    .record(z.string().trim().min(1, 'expected a concept name'), PhraseList)
    .default({})
    .describe('ideas that point evaluate_client_needs here, each with the words clients use for it'),
  sectors: TextList.describe('technology sectors this engagement suits best'),
  fallback: z.boolean().default(false).describe('recommended when nothing matches; exactly one engagement has it'),
  updated: ContentDateSchema,
});

/** A quote signed with `attribution` gets told what to write in `name` and `role`, not a generic unknown-field line. */
function reportAttribution(value: unknown, context: z.RefinementCtx): unknown {
  if (value !== null && typeof value === 'object' && 'attribution' in value) {
    const written = Reflect.get(value, 'attribution');
    const role = typeof written === 'string' && written.trim() ? ` (such as role: ${written.trim()})` : '';
    const write = `write the person's name in "name" and their role in "role"${role}`;
    const message = `replaced by two fields: ${write}, then remove "attribution"`;
    context.addIssue({ code: 'custom', path: ['attribution'], message });
  }
  return value;
}

/** A client's words, signed. An issue found before the fields are read stops there: one line for one slip. */
export const QuoteSchema = z.preprocess(
  reportAttribution,
  z.strictObject({
    text: Text,
    name: PlainNameSchema.describe("the person's name; in an anonymised case study, a description such as a job title"),
    role: PlainNameSchema.describe('their title and company, as they would write it'),
  }),
);

/** Front matter of one file in content/case-studies/. The file name is the page address. */
export const CaseStudyFrontMatterSchema = z.strictObject({
  title: Text,
  client: Text.describe('client name, or a description when anonymised'),
  anonymised: z.boolean().default(false),
  sector: Text,
  engagement: EngagementKeySchema.describe('key of the engagement this work was'),
  year: z
    .int()
    .min(2000, 'expected a year such as 2025')
    .max(2100, 'expected a year such as 2025')
    .register(wholeNumberMeaning, { counts: 'year' }),
  summary: Text,
  challenge: Text,
  approach: Text,
  results: TextList.describe('concrete, measurable results'),
  quote: QuoteSchema.optional(),
  featured: z.boolean().default(false),
  updated: ContentDateSchema,
});

/** Client names for the homepage's line of clients: plain text, each written once (compared ignoring case). */
const ClientNameList = z.array(PlainNameSchema).superRefine((names, context) => {
  const seen = new Map<string, number>();
  names.forEach((name, index) => {
    const key = nameKey(name);
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, index);
      return;
    }
    const message = `"${name}" is written twice (also entry ${first + 1}); keep one of the two`;
    context.addIssue({ code: 'custom', path: [index], message });
  });
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
    otherClients: ClientNameList.optional().describe('clients she may name besides those of the case studies'),
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
