import { getSite } from '@/lib/content';
import { describeServedRevisions } from '@/lib/mcp/protocol';
import { API_VERSION } from '@/lib/api-version';
import { describeFields } from '@/lib/agent/describe';
import { RESOURCES, resourceUrl } from '@/lib/agent/resources';
import type { Manifest } from '@/lib/agent/agent-schemas';
import { TOOLS, toolUrl } from '@/lib/agent/tools';
import { MCP_PATH } from '@/lib/http/api-paths';
import { resourcesInWords, toolsInWords } from '@/lib/agent/surface';
import { capitalised } from '@/lib/words';

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
