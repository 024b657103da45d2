import type { CaseStudy, Content, Engagement } from '@/lib/content';
import { quoteAttribution } from '@/lib/content/case-studies';

const bullets = (items: readonly string[]) => items.map((item) => `- ${item}`);

/** /engagements as markdown. */
export function engagementsMarkdown({ site, engagements }: Content, origin: string): string {
  const page = site.pages.engagements;
  return [
    `# ${page.title}`,
    '',
    page.intro,
    '',
    ...engagements.flatMap((e) => [
      `## [${e.title}](${origin}/engagements/${e.key}.md)`,
      '',
      `*${e.tagline}*`,
      '',
      e.summary,
      '',
      `Timing: ${e.timing.join('; ')}.${e.price ? ` Price: ${e.price}.` : ''}`,
      '',
    ]),
  ].join('\n');
}

/** /engagements/{key} as markdown. */
export function engagementMarkdown(engagement: Engagement, { caseStudies }: Content, origin: string): string {
  const studies = caseStudies.filter((study) => study.engagement === engagement.key);
  return [
    `# ${engagement.title}`,
    '',
    `*${engagement.tagline}*`,
    '',
    engagement.summary,
    '',
    engagement.body,
    '',
    '## What it includes',
    '',
    ...bullets(engagement.includes),
    '',
    '## Outcomes',
    '',
    ...bullets(engagement.outcomes),
    '',
    '## Timing',
    '',
    ...bullets(engagement.timing),
    ...(engagement.price ? ['', `Price: ${engagement.price}`] : []),
    '',
    `Suits: ${engagement.sectors.join(', ')}.`,
    ...(studies.length > 0
      ? [
          '',
          '## Case studies',
          '',
          ...studies.map((s) => `- [${s.title}](${origin}/case-studies/${s.slug}.md): ${s.summary}`),
        ]
      : []),
    '',
    `To discuss it: ${origin}/contact, or the schedule_consultation tool (${origin}/api/agent).`,
  ].join('\n');
}

/** /case-studies as markdown. */
export function caseStudiesMarkdown({ site, caseStudies, engagements }: Content, origin: string): string {
  const page = site.pages.caseStudies;
  return [
    `# ${page.title}`,
    '',
    page.intro,
    '',
    ...caseStudies.flatMap((s) => [
      `## [${s.title}](${origin}/case-studies/${s.slug}.md)`,
      '',
      `${s.client} · ${s.sector} · ${s.year} · ${engagements.find((e) => e.key === s.engagement)?.title ?? s.engagement}`,
      '',
      s.summary,
      '',
      ...bullets(s.results),
      '',
    ]),
  ].join('\n');
}

/** /case-studies/{slug} as markdown. */
export function caseStudyMarkdown(study: CaseStudy, { engagements }: Content, origin: string): string {
  const engagement = engagements.find((e) => e.key === study.engagement);
  return [
    `# ${study.title}`,
    '',
    `- Client: ${study.client}`,
    `- Sector: ${study.sector}`,
    `- Year: ${study.year}`,
    `- Engagement: ${engagement ? `[${engagement.title}](${origin}/engagements/${engagement.key}.md)` : study.engagement}`,
    '',
    study.summary,
    '',
    '## The challenge',
    '',
    study.challenge,
    '',
    '## The approach',
    '',
    study.approach,
    '',
    '## Results',
    '',
    ...bullets(study.results),
    ...(study.quote ? ['', `> ${study.quote.text}`, '>', `> — ${quoteAttribution(study.quote)}`] : []),
    ...(study.body ? ['', study.body] : []),
  ].join('\n');
}
