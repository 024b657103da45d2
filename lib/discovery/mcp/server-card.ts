import { isIP } from 'node:net';
import { RESOURCES } from '@/lib/agent/resources';
import { getSite } from '@/lib/content';
import { API_VERSION } from '@/lib/api-version';
import { MCP_APP_VIEWS } from '@/lib/mcp/surface/apps/views';
import { PROMPTS } from '@/lib/mcp/surface/prompts';
import { serverInfo } from '@/lib/mcp/surface/server';
import { listMcpTools } from '@/lib/mcp/surface/mcp-tools';
import { MCP_TRANSPORT, SERVED_REVISIONS } from '@/lib/mcp/protocol';
import { SERVER_CARD_SCHEMA_URL, type ServerCard } from './server-card-schema';

/**
 * The host of an origin in reverse-DNS order ("plainword.example" → "example.plainword"), as card names are. An IP
 * address has no DNS order and is kept as written ("127.0.0.1"; an IPv6 address with dashes for colons).
 */
function reverseDns(origin: string): string {
  const host = new URL(origin).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return host.replace(/:/g, '-');
  return host.split('.').reverse().join('.');
}

/**
 * The server card served at /.well-known/mcp/server-card.json, generated from the same surface as the server:
 * name, version, title and icon of serverInfo, the endpoint with every revision served, and the tools with
 * their annotations; the resources it counts are what resources/list gives, the views among them. Built on the request's origin, as /mcp.json is.
 */
export function buildServerCard(origin: string): ServerCard {
  const info = serverInfo(origin);
  const slug = getSite()
    .siteName.toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-');
  const description = `A brand and positioning consultancy: ${listMcpTools(origin).length} tools, ${RESOURCES.length + MCP_APP_VIEWS.length} resources, ${PROMPTS.length} prompts.`;
  return {
    $schema: SERVER_CARD_SCHEMA_URL,
    name: `${reverseDns(origin)}/${slug}`,
    version: API_VERSION,
    description,
    title: info.title,
    websiteUrl: origin,
    icons: info.icons,
    remotes: [
      {
        type: MCP_TRANSPORT,
        url: `${origin}/api/mcp`,
        supportedProtocolVersions: [...SERVED_REVISIONS],
      },
    ],
    _meta: {
      // A _meta key's prefix labels start with a letter, so the site's name, not its host (which may be an IP).
      [`${slug}/tools`]: listMcpTools(origin).map((tool) => {
        const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = tool.annotations ?? {};
        return {
          name: tool.name,
          title: tool.title ?? tool.name,
          description: tool.description ?? '',
          annotations: {
            readOnlyHint: readOnlyHint ?? false,
            destructiveHint: destructiveHint ?? false,
            idempotentHint: idempotentHint ?? false,
            openWorldHint: openWorldHint ?? false,
          },
        };
      }),
    },
  };
}
