import { getSite } from '@/lib/content';
import { describeServedRevisions } from '@/lib/mcp/protocol';
import { API_VERSION } from '@/lib/version';
import { describeFields } from './describe';
import { RESOURCES } from './resources';
import type { Manifest } from './schemas';
import { TOOLS, toolUrl } from './tools';
import { MCP_PATH, resourcePath } from '@/lib/http/api-paths';
import { capitalised, resourcesInWords, toolsInWords } from './surface';

/** The absolute REST URL of a resource. */
export function resourceUrl(origin: string, name: string): string {
  return `${origin}${resourcePath(name)}`;
}

/**
 * The Manifest (docs/agent-api.md, "Manifest"), field for field, with absolute URLs on `origin`. The version authority.
 */
export function buildManifest(origin: string): Manifest {
  const site = getSite();
  return {
    name: site.siteName,
    version: API_VERSION,
    description:
      `Agent API of ${site.siteName}: ${site.description} ${capitalised(resourcesInWords())} and ${toolsInWords()}; ` +
      `the same surface is served over MCP (Streamable HTTP; ${describeServedRevisions()}).`,
    resources: RESOURCES.map((resource) => ({
      name: resource.name,
      method: 'GET',
      url: resourceUrl(origin, resource.name),
    })),
    tools: TOOLS.map((tool) => ({
      name: tool.name,
      method: 'POST',
      url: toolUrl(origin, tool),
      body: describeFields(tool.input),
      description: tool.description,
    })),
    mcp: `${origin}${MCP_PATH}`,
  };
}
