import { type Implementation, McpServer } from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { z } from 'zod';
import { RESOURCES, readResource } from '@/lib/agent/resources';
import { TOOLS } from '@/lib/agent/tools';
import { getSite } from '@/lib/content';
import { API_VERSION } from '@/lib/api-version';
import { prepareConsultationRequestTool } from './apps/prepare-request-tool';
import { registerAppViews } from './apps/register';
import { siteIcons } from './icons';
import { methodsOf } from '../protocol';
import { PROMPTS, completeArgument } from './prompts';
import { describeMcpResources } from './mcp-resources';
import { fetchTool, searchTool } from './document-tools';
import type { McpToolContext } from './mcp-tool';
import { MCP_TOOL_NAMES, callMcpTool, listMcpTools } from './mcp-tools';

/**
 * How long clients may keep the lists and resource reads (MCP 2026-07-28, "Caching"): the same for everyone until
 * a deploy, which then reaches every client within the hour (docs/mcp-clients.md, "Caching").
 */
export const MCP_CACHE_TTL_MS = 60 * 60_000;
const CACHED_METHODS = ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read'];
const CACHE_HINT = { ttlMs: MCP_CACHE_TTL_MS, cacheScope: 'public' } as const;
const CACHE_HINTS = Object.fromEntries(CACHED_METHODS.map((method) => [method, CACHE_HINT]));

// The server never validates client answers (it sends no requests to clients), but the SDK builds a validator
// for every Server; one shared instance spares an Ajv compile per request.
const validator = new AjvJsonSchemaValidator();

/** Name, version, title and icon the server reports at initialize, in server/discover and its GET description. */
export function serverInfo(origin: string): Implementation & { name: string; version: string } {
  const { siteName } = getSite();
  return { name: siteName, title: siteName, version: API_VERSION, websiteUrl: origin, icons: siteIcons(origin) };
}

// Said the same way by every server of this process: content changes only with a new build.
let instructionsText: string | undefined;

function instructions(): string {
  const [evaluate, schedule] = TOOLS;
  instructionsText ??=
    `${getSite().siteName}: ${describeMcpResources()} and ${MCP_TOOL_NAMES.length} tools. ` +
    `Use ${evaluate.name} first to find the engagement that fits a client; ${schedule.name} sends a request that the ` +
    `consultant answers personally, not a booking, so confirm it with the user before calling it, or call ` +
    `${prepareConsultationRequestTool.name} to show them the request as a form they check and send themselves. ` +
    `The prompts ${PROMPTS.map((prompt) => prompt.name).join(' and ')} walk through both. ` +
    `${searchTool.name} and ${fetchTool.name} find and read the site's pages.`;
  return instructionsText;
}

/**
 * The McpServer that answers one POST, so no live object outlives it. Resources and prompts are registered only when
 * the POST's methods use them (a tools/call needs neither); the capabilities declared are the same either way.
 */
export function buildMcpServerForPost(context: McpToolContext, body: unknown): McpServer {
  const methods = methodsOf(body);
  const uses = (prefix: string) => methods.some((method) => method.startsWith(prefix));
  const server = new McpServer(serverInfo(context.origin), {
    instructions: instructions(),
    jsonSchemaValidator: validator,
    cacheHints: CACHE_HINTS,
  });
  for (const resource of uses('resources/') ? RESOURCES : []) {
    server.registerResource(
      resource.name,
      resource.uri,
      { title: resource.title, description: resource.description, mimeType: resource.mimeType },
      (uri) => ({
        contents: [{ uri: uri.href, mimeType: resource.mimeType, text: readResource(resource, context.origin).text }],
      }),
    );
  }
  if (uses('resources/')) registerAppViews(server);
  for (const prompt of uses('prompts/') ? PROMPTS : []) {
    server.registerPrompt(
      prompt.name,
      { title: prompt.title, description: prompt.description, argsSchema: z.object(prompt.args) },
      (args) => ({
        description: prompt.description,
        messages: [{ role: 'user', content: { type: 'text', text: prompt.render(args) } }],
      }),
    );
  }
  // Tools go to the protocol layer rather than McpServer.registerTool, so tools/list shows the manifest's JSON
  // Schema and a bad argument is worded as on REST (tools.ts). The lists never change: no list_changed.
  server.server.registerCapabilities({
    tools: {},
    resources: { listChanged: false },
    prompts: { listChanged: false },
    completions: {},
  });
  server.server.setRequestHandler('tools/list', () => ({ tools: listMcpTools(context.origin) }));
  server.server.setRequestHandler('tools/call', (request) =>
    callMcpTool(request.params.name, request.params.arguments, context),
  );
  server.server.setRequestHandler('completion/complete', (request) =>
    completeArgument(request.params.ref, request.params.argument),
  );
  return server;
}
