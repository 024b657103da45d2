import type { Content } from '@/lib/content';

/**
 * The body of the homepage as markdown (docs/agent-api.md, "Endpoints", 10), from the same content as the HTML page:
 * positioning, the four engagements, featured case studies with their results, about, and how to get in touch.
 */
export function homeMarkdown(content: Content, origin: string): string {
  const { site, bio, engagements, caseStudies } = content;
  const home = site.home;
  const featured = caseStudies.filter((study) => study.featured);
  return [
    `# ${home.headline}`,
    '',
    home.lede,
    '',
    `## ${home.positioning.heading}`,
    '',
    ...home.positioning.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...home.principles.flatMap((principle) => [`- **${principle.title}.** ${principle.text}`]),
    '',
    '## Engagements',
    '',
    ...engagements.flatMap((engagement) => [
      `### [${engagement.title}](${origin}/engagements/${engagement.key}.md)`,
      '',
      `*${engagement.tagline}*`,
      '',
      engagement.summary,
      '',
      `Timing: ${engagement.timing.join('; ')}.`,
      '',
    ]),
    '## Selected case studies',
    '',
    ...featured.flatMap((study) => [
      `### [${study.title}](${origin}/case-studies/${study.slug}.md)`,
      '',
      `${study.client} · ${study.sector} · ${study.year}`,
      '',
      study.summary,
      '',
      ...study.results.map((result) => `- ${result}`),
      '',
    ]),
    `## About ${bio.name}`,
    '',
    `${bio.role}, ${bio.company}, ${bio.location.city}. ${bio.summary}`,
    '',
    `## ${home.cta.heading}`,
    '',
    `${home.cta.text} [${home.cta.label}](${origin}/contact) or write to ${bio.email}.`,
    '',
    `Agents: the API manifest is at ${origin}/api/agent and the MCP server at ${origin}/api/mcp.`,
  ].join('\n');
}
