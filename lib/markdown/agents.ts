import { describeFields } from '@/lib/agent/describe';
import { RESOURCES, resourceUrl } from '@/lib/agent/resources';
import { TOOLS, toolUrl } from '@/lib/agent/tools';
import type { Content } from '@/lib/content';
import { API_VERSION } from '@/lib/api-version';
import { SERVER_CARD_PATH } from '@/lib/http/api-paths';
import { describeServedRevisions } from '@/lib/mcp/protocol';

/** /agents as markdown: derived from the agent surface in lib/agent, like the manifest. */
export function agentsMarkdown({ site }: Content, origin: string): string {
  const page = site.pages.agents;
  return [
    `# ${page.title}`,
    '',
    page.intro,
    '',
    '## Manifest',
    '',
    `GET ${origin}/api/agent lists every resource and tool with its URL, method and body (version ${API_VERSION}; every response carries REST-Version).`,
    '',
    '## Resources',
    '',
    ...RESOURCES.map((r) => `- [${r.name}](${resourceUrl(origin, r.name)}): ${r.description} (${r.mimeType})`),
    '',
    '## Tools',
    '',
    ...TOOLS.flatMap((tool) => [
      `### ${tool.name}`,
      '',
      `POST ${toolUrl(origin, tool)} with a JSON body. ${tool.description}`,
      '',
      ...Object.entries(describeFields(tool.input)).map(([field, text]) => `- \`${field}\`: ${text}`),
      '',
    ]),
    '## MCP',
    '',
    `The same resources and tools over MCP (Streamable HTTP; ${describeServedRevisions()}) at ${origin}/api/mcp; manifest at ${origin}/mcp.json, server card at ${origin}${SERVER_CARD_PATH}.`,
    '',
    '## Discovery',
    '',
    `- ${origin}/llms.txt and ${origin}/llms-full.txt`,
    `- ${origin}/openapi.json (OpenAPI 3.1)`,
    `- ${origin}/.well-known/api-catalog (RFC 9727)`,
    '- Every page as markdown: send Accept: text/markdown, or add .md to the path (/index.md for the homepage).',
  ].join('\n');
}
