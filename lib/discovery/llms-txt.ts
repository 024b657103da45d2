import { RESOURCES, resourceUrl } from '@/lib/agent/resources';
import { TOOLS, toolUrl } from '@/lib/agent/tools';
import type { Content } from '@/lib/content';
import { renderAllMarkdownPages } from '@/lib/markdown/page-markdown';
import { listSitePages, markdownPath } from '@/lib/site/pages';
import { SERVER_CARD_PATH } from '@/lib/http/api-paths';
import { describeServedRevisions } from '@/lib/mcp/protocol';
import { MCP_PATH } from '@/lib/http/api-paths';
import { toolsInWords } from '@/lib/agent/surface';

const link = (name: string, url: string, notes: string) => `- [${name}](${url}): ${notes}`;

/**
 * /llms.txt after llmstxt.org: an H1, a blockquote summary, then sections of `- [name](url): notes` linking every
 * page's markdown, the API manifest, each resource, each tool's documentation, the MCP manifest and OpenAPI, and an
 * `## Optional` section.
 * Generated from content and the agent surface, so it lists exactly what exists.
 */
export function buildLlmsTxt(content: Content, origin: string): string {
  const { site, bio } = content;
  const pages = listSitePages(content);
  return [
    `# ${site.siteName}`,
    '',
    `> ${site.description}`,
    '',
    `${bio.name}, ${bio.role.toLowerCase()}, ${bio.location.city}. Every page is available as markdown (add .md to its path, or send Accept: text/markdown). Agents can read the resources and call the ${toolsInWords()} over a JSON API or MCP; schedule_consultation sends a real request that ${bio.name} answers personally within 24 hours.`,
    '',
    '## Pages',
    '',
    ...pages.map((page) => link(page.title, `${origin}${markdownPath(page.path)}`, page.description)),
    '',
    '## Agent API',
    '',
    link(
      'API manifest',
      `${origin}/api/agent`,
      'every resource and tool with its URL, method and body; the version authority',
    ),
    ...RESOURCES.map((resource) =>
      link(`Resource: ${resource.name}`, resourceUrl(origin, resource.name), resource.description),
    ),
    // The documentation of each tool, not its POST URL: every link here answers a GET.
    ...TOOLS.map((tool) =>
      link(
        `Tool: ${tool.name}`,
        `${origin}/agents#${tool.slug}`,
        `POST JSON to ${toolUrl(origin, tool)}. ${tool.description}`,
      ),
    ),
    link(
      'MCP manifest',
      `${origin}/mcp.json`,
      `the same surface over MCP (Streamable HTTP; ${describeServedRevisions()}) at ${origin}${MCP_PATH}`,
    ),
    link(
      'MCP server card',
      `${origin}${SERVER_CARD_PATH}`,
      'name, version, endpoint, revisions and tools with their annotations (SEP-2127 draft)',
    ),
    link(
      'OpenAPI',
      `${origin}/openapi.json`,
      'OpenAPI 3.1 description of the REST API, generated from the same schemas',
    ),
    '',
    '## Optional',
    '',
    link('Full site', `${origin}/llms-full.txt`, 'every page as markdown in one file'),
    link(
      'API catalog',
      `${origin}/.well-known/api-catalog`,
      'RFC 9727 linkset pointing to the OpenAPI description and the developer page',
    ),
    link('Markdown sitemap', `${origin}/sitemap.md`, 'every page, grouped, with its markdown address and one line'),
    link('Sitemap', `${origin}/sitemap.xml`, 'every HTML page with its last modification date'),
    '',
  ].join('\n');
}

/** /llms-full.txt: the whole site's markdown in one file, page after page. */
export function buildLlmsFullTxt(content: Content, origin: string): string {
  const pages = renderAllMarkdownPages(content, origin);
  return [
    `# ${content.site.siteName}: the full site`,
    '',
    `> ${content.site.description}`,
    '',
    ...pages.map((page) => page.markdown),
  ].join('\n');
}
