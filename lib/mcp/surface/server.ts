import { type Implementation, McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { z } from 'zod';
import { RESOURCES, readResource } from '@/lib/agent/resources';
import { TOOLS } from '@/lib/agent/tools';
import { getSite } from '@/lib/content';
import { API_VERSION } from '@/lib/api-version';
import { prepareConsultationRequestTool } from './apps/prepare-request-tool';
import { registerAppViews } from './apps/register';
import { siteIcons } from './icons';
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

/** The facts of each POST (origin, client, quotas, channel), found by the request handed to the SDK. */
const contexts = new WeakMap<Request, McpToolContext>();

/** The context of the POST a handler answers: the SDK gives the handler that request as `ctx.http.req`. */
function contextOf(ctx: ServerContext): McpToolContext {
  const context = ctx.http?.req && contexts.get(ctx.http.req);
  if (!context) throw new Error('an MCP request reached a handler without the facts of its POST');
  return context;
}

/** One McpServer with every resource, prompt and tool registered; the handlers read each POST's facts per call. */
function buildMcpServer(origin: string): McpServer {
  const server = new McpServer(serverInfo(origin), {
    instructions: instructions(),
    jsonSchemaValidator: validator,
    cacheHints: CACHE_HINTS,
  });
  for (const resource of RESOURCES) {
    server.registerResource(
      resource.name,
      resource.uri,
      { title: resource.title, description: resource.description, mimeType: resource.mimeType },
      (uri, ctx) => {
        const { text } = readResource(resource, contextOf(ctx).origin);
        return { contents: [{ uri: uri.href, mimeType: resource.mimeType, text }] };
      },
    );
  }
  registerAppViews(server);
  for (const prompt of PROMPTS) {
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
  server.server.setRequestHandler('tools/list', (_request, ctx) => ({ tools: listMcpTools(contextOf(ctx).origin) }));
  server.server.setRequestHandler('tools/call', (request, ctx) =>
    callMcpTool(request.params.name, request.params.arguments, contextOf(ctx)),
  );
  server.server.setRequestHandler('completion/complete', (request) =>
    completeArgument(request.params.ref, request.params.argument),
  );
  return server;
}

/**
 * Servers not serving a POST, by era and origin (the origin is in serverInfo). The SDK lets an instance serve one
 * exchange at a time, so a server is lent for one and given back when its transport closes: a process builds as
 * many as POSTs run at once, not one per POST.
 */
const idle = new Map<string, McpServer[]>();
// Origins come from the request; past these, a server is built for the POST and left to the garbage collector.
const MAX_POOLED_ORIGINS = 8;

/**
 * An McpServer to answer `request`, the object the SDK is handed, with the facts of its POST tied to it. It goes
 * back to the idle ones when its transport closes, which the 2026-07-28 entry does itself and the 2025 era does
 * after a JSON answer.
 */
export function lendMcpServer(request: Request, era: '2025' | '2026', context: McpToolContext): McpServer {
  contexts.set(request, context);
  const { origin } = context;
  const key = `${era} ${origin}`;
  let servers = idle.get(key);
  if (!servers && idle.size < MAX_POOLED_ORIGINS) idle.set(key, (servers = []));
  const server = servers?.pop() ?? buildMcpServer(origin);
  server.server.onclose = () => {
    server.server.onclose = undefined;
    servers?.push(server);
  };
  return server;
}
