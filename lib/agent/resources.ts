import { type Content, getContent } from '@/lib/content';
import { quoteAttribution } from '@/lib/content/case-studies';
import type { ResourceName } from './agent-schemas';
import { buildVcard } from './vcard';
import { resourcePath } from '@/lib/http/api-paths';

/**
 * The four read-only resources (docs/agent-api.md, "Resources"), described once. The REST route, the manifest, the MCP
 * server and llms.txt all read this list.
 */
export interface ResourceDefinition {
  name: ResourceName;
  title: string;
  description: string;
  /** The resource's own media type: what `Accept` can ask for on REST and the MCP mimeType. */
  mimeType: 'text/markdown' | 'application/json' | 'text/vcard';
  /** The schema name of the REST JSON form (docs/agent-api.md, "Resources"). */
  schema: 'ResourceMarkdown' | 'ResourceJson' | 'ResourceVcard';
  /** Stable MCP resource URI. */
  uri: string;
}

export const RESOURCES: readonly ResourceDefinition[] = [
  {
    name: 'bio',
    title: 'Biography',
    description: "The consultant's biography in markdown: background, way of working, and contact details.",
    mimeType: 'text/markdown',
    schema: 'ResourceMarkdown',
    uri: 'consultancy://resources/bio',
  },
  {
    name: 'case-studies',
    title: 'Case studies',
    description: 'Client work: sector, challenge, approach, measured results and the engagement type used.',
    mimeType: 'application/json',
    schema: 'ResourceJson',
    uri: 'consultancy://resources/case-studies',
  },
  {
    name: 'engagements',
    title: 'Engagement types',
    description:
      'The four engagement types offered: what each includes, its outcomes, timing and the sectors it suits.',
    mimeType: 'application/json',
    schema: 'ResourceJson',
    uri: 'consultancy://resources/engagements',
  },
  {
    name: 'contact-card',
    title: 'Contact card',
    description: "The consultant's business card as a vCard 3.0 (importable by Apple, Android and Outlook contacts).",
    mimeType: 'text/vcard',
    schema: 'ResourceVcard',
    uri: 'consultancy://resources/contact-card',
  },
];

/** The resource with this name, or undefined. */
export function findResource(name: string): ResourceDefinition | undefined {
  return RESOURCES.find((resource) => resource.name === name);
}

/** One resource's content, in its JSON form (the REST default) and its own text form. */
interface ResourceContent {
  json: { name: string; content: string } | { name: string; data: Record<string, unknown>[] };
  /** The markdown, the vCard, or the JSON body as text: the same bytes REST serves for that media type. */
  text: string;
}

/** The biography as one markdown document, with the contact details agents most often need. */
export function bioMarkdown(content: Content): string {
  const { bio } = content;
  const place = [bio.location.city, bio.location.region, bio.location.country].filter(Boolean).join(', ');
  return [
    `# ${bio.name}`,
    '',
    `**${bio.role}, ${bio.company}** · ${place}`,
    '',
    `> ${bio.headline}`,
    '',
    bio.markdown,
    '',
    '## Contact',
    '',
    `- Email: ${bio.email}`,
    `- Phone: ${bio.phone}`,
    `- Website: ${bio.website}`,
    ...bio.social.map((link) => `- ${link.label}: ${link.url}`),
    '',
  ].join('\n');
}

function dataOf(name: 'case-studies' | 'engagements', content: Content, origin: string): Record<string, unknown>[] {
  if (name === 'engagements') {
    return content.engagements.map(
      ({ key, title, tagline, summary, price, includes, outcomes, timing, sectors, keywords }) => ({
        key,
        title,
        tagline,
        summary,
        ...(price ? { price } : {}),
        includes,
        outcomes,
        timing,
        sectors,
        keywords,
        url: `${origin}/engagements/${key}`,
      }),
    );
  }
  return content.caseStudies.map((study) => ({
    slug: study.slug,
    title: study.title,
    client: study.client,
    anonymised: study.anonymised,
    sector: study.sector,
    engagement: study.engagement,
    year: study.year,
    summary: study.summary,
    challenge: study.challenge,
    approach: study.approach,
    results: study.results,
    // `attribution` ("Name, Role") stays beside `name` and `role` for the agents that read it.
    ...(study.quote
      ? {
          quote: {
            text: study.quote.text,
            attribution: quoteAttribution(study.quote),
            name: study.quote.name,
            role: study.quote.role,
          },
        }
      : {}),
    url: `${origin}/case-studies/${study.slug}`,
  }));
}

/** Reads a resource from the content files; `origin` makes its page links absolute. */
export function readResource(
  resource: ResourceDefinition,
  origin: string,
  content: Content = getContent(),
): ResourceContent {
  switch (resource.name) {
    case 'bio': {
      const markdown = bioMarkdown(content);
      return { json: { name: resource.name, content: markdown }, text: markdown };
    }
    case 'contact-card': {
      const vcard = buildVcard(content.bio);
      return { json: { name: resource.name, content: vcard }, text: vcard };
    }
    default: {
      const json = { name: resource.name, data: dataOf(resource.name, content, origin) };
      return { json, text: JSON.stringify(json, null, 2) };
    }
  }
}

/** The absolute REST URL of a resource. */
export function resourceUrl(origin: string, name: string): string {
  return `${origin}${resourcePath(name)}`;
}
