import { privacyNote } from '@/lib/insights/privacy-note';
import { bioMarkdown } from '@/lib/agent/resources';
import type { Content } from '@/lib/content';
import { type SitePage, listSitePages } from '@/lib/site/pages';
import { agentsMarkdown } from './agents';
import { caseStudyMarkdown, caseStudiesMarkdown, engagementMarkdown, engagementsMarkdown } from './collections';
import { homeMarkdown } from './home';
import { scheduleConsultationTool, toolUrl } from '@/lib/agent/tools';
import { MANIFEST_PATH, resourcePath } from '@/lib/http/api-paths';

/**
 * Every human page as markdown, for agents and crawlers: the same content as the HTML page, with YAML front matter
 * under the names Vercel's Agent Readability Spec gives (title, description, canonical_url, last_updated) and a
 * line pointing to /llms.txt. The set of pages is the sitemap's (lib/site/pages.ts), so a page cannot have HTML
 * without markdown.
 */
interface MarkdownPage extends SitePage {
  markdown: string;
}

/** YAML front matter: every value JSON-quoted, which is valid YAML. */
function frontMatter(fields: Record<string, string>): string {
  return ['---', ...Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`), '---', ''].join(
    '\n',
  );
}

/** The markdown body of a page of the site, or undefined when `path` names none. */
function bodyOf(path: string, content: Content, origin: string): string | undefined {
  const [, section, item] = path.split('/');
  if (path === '/') return homeMarkdown(content, origin);
  if (section === 'engagements' && !item) return engagementsMarkdown(content, origin);
  if (section === 'case-studies' && !item) return caseStudiesMarkdown(content, origin);
  if (section === 'engagements' && item) {
    const engagement = content.engagements.find((e) => e.key === item);
    return engagement && engagementMarkdown(engagement, content, origin);
  }
  if (section === 'case-studies' && item) {
    const study = content.caseStudies.find((s) => s.slug === item);
    return study && caseStudyMarkdown(study, content, origin);
  }
  if (path === '/about') return `${content.site.pages.about.intro}\n\n${bioMarkdown(content)}`;
  if (path === '/contact') return contactMarkdown(content, origin);
  if (path === '/agents') return agentsMarkdown(content, origin);
  return undefined;
}

function contactMarkdown({ site, bio }: Content, origin: string): string {
  const page = site.pages.contact;
  return [
    `# ${page.title}`,
    '',
    page.intro,
    '',
    `- Email: ${bio.email}`,
    `- Phone: ${bio.phone}`,
    `- Location: ${[bio.location.city, bio.location.country].join(', ')}`,
    `- Website: ${bio.website}`,
    ...bio.social.map((link) => `- ${link.label}: ${link.url}`),
    '',
    '## Request a consultation',
    '',
    `${page.responseTime} A request is not a booking: no time is reserved until ${bio.name} replies.`,
    '',
    `- People: the form at ${origin}/contact`,
    `- Agents: POST ${toolUrl(origin, scheduleConsultationTool)} with client_name and client_email (see ${origin}${MANIFEST_PATH})`,
    `- Contact card: ${origin}${resourcePath('contact-card')} (Accept: text/vcard)`,
    '',
    '## Privacy',
    '',
    privacyNote(bio.name),
    '',
  ].join('\n');
}

/** The markdown of one page, or undefined when the site has no such page. */
export function renderMarkdownPage(path: string, content: Content, origin: string): MarkdownPage | undefined {
  const page = listSitePages(content).find((candidate) => candidate.path === path);
  const body = page && bodyOf(path, content, origin);
  if (!page || body === undefined) return undefined;
  const head = frontMatter({
    title: page.title,
    description: page.description,
    canonical_url: `${origin}${path === '/' ? '/' : path}`,
    last_updated: page.lastModified,
  });
  const footer = `\n---\n\nAn index of this site for language models: ${origin}/llms.txt\n`;
  return { ...page, markdown: `${head}${body.trimEnd()}\n${footer}` };
}

/** Every page of the site as markdown, in sitemap order. */
export function renderAllMarkdownPages(content: Content, origin: string): MarkdownPage[] {
  return listSitePages(content).flatMap((page) => renderMarkdownPage(page.path, content, origin) ?? []);
}
