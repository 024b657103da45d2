import { type Implementation, McpServer } from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { z } from 'zod';
import { RESOURCES, readResource } from '@/lib/agent/resources';
import type { RequestChannel } from '@/lib/agent/channel';
import { agentIdentityOfRequest } from '@/lib/security/web-bot-auth/agent-identity';
import { TOOLS } from '@/lib/agent/tools';
import type { ApiContext } from '@/lib/http/api-route';
import { publicOrigin } from '@/lib/http/forwarded';
import { getSite } from '@/lib/content';
import { API_VERSION } from '@/lib/version';
import { registerAppViews } from './apps/register';
import { completeArgument } from './completions';
import { siteIcons } from './icons';
import { methodsOf } from '../transport/messages';
import { PROMPTS } from './prompts';
import { fetchTool, searchTool } from './document-tools';
import type { ListDocuments } from './documents';
import { MCP_TOOL_NAMES, type McpToolContext, callMcpTool, listMcpTools } from './tools';

/**
 * How long clients may keep the lists and resource reads (MCP 2026-07-28, "Caching"). They change only when a
 * new build is deployed, and are the same for everyone: an hour, shared, bounds how long a deploy takes to reach
 * every client (docs/mcp-clients.md, "Caching").
 */
export const MCP_CACHE_TTL_MS = 60 * 60_000;
const CACHE_HINT = { ttlMs: MCP_CACHE_TTL_MS, cacheScope: 'public' } as const;
const CACHE_HINTS = {
  'tools/list': CACHE_HINT,
  'prompts/list': CACHE_HINT,
  'resources/list': CACHE_HINT,
  'resources/templates/list': CACHE_HINT,
  'resources/read': CACHE_HINT,
};

// The server never validates client answers (it sends no requests to clients), but the SDK builds a validator
// for every Server; one shared instance spares an Ajv compile per request.
const validator = new AjvJsonSchemaValidator();

/** Name, version, title and icon the server reports at initialize, in server/discover and its GET description. */
export function serverInfo(origin: string): Implementation & { name: string; version: string } {
  const { siteName } = getSite();
  return { name: siteName, title: siteName, version: API_VERSION, websiteUrl: origin, icons: siteIcons(origin) };
}

// What every server of this process says the same way: content changes only with a new build.
let instructionsText: string | undefined;

function instructions(): string {
  instructionsText ??= describeInstructions();
  return instructionsText;
}

function describeInstructions(): string {
  const [evaluate, schedule] = TOOLS;
  return (
    `${getSite().siteName}: ${RESOURCES.length} read-only resources about the consultancy and ${MCP_TOOL_NAMES.length} tools. ` +
    `Use ${evaluate.name} first to find the engagement that fits a client; ${schedule.name} sends a request that the ` +
    `consultant answers personally, not a booking, so confirm it with the user before calling it. ` +
    `The prompts ${PROMPTS.map((prompt) => prompt.name).join(' and ')} walk through both. ` +
    `${searchTool.name} and ${fetchTool.name} find and read the site's pages.`
  );
}

/** The parts of the server a request uses beyond the tools: resources/* and prompts/* methods. */
export interface McpParts {
  resources: boolean;
  prompts: boolean;
}

/** The parts the JSON-RPC methods of one POST use. */
export function partsUsedBy(methods: readonly string[]): McpParts {
  return {
    resources: methods.some((method) => method.startsWith('resources/')),
    prompts: methods.some((method) => method.startsWith('prompts/')),
  };
}

/**
 * An McpServer for one HTTP request: the four resources, the tools and the prompts, all from
 * lib/agent and this folder. Built per request so that no live object outlives the request; a session lives in its id
 * (lib/mcp/transport/session-id.ts). Resources and prompts are registered only when the request uses them
 * (a tools/call needs neither); the capabilities, declared below, are the same either way.
 */
export function buildMcpServer(
  context: McpToolContext,
  parts: McpParts = { resources: true, prompts: true },
): McpServer {
  const server = new McpServer(serverInfo(context.origin), {
    instructions: instructions(),
    jsonSchemaValidator: validator,
    cacheHints: CACHE_HINTS,
  });
  for (const resource of parts.resources ? RESOURCES : []) {
    server.registerResource(
      resource.name,
      resource.uri,
      { title: resource.title, description: resource.description, mimeType: resource.mimeType },
      (uri) => ({
        contents: [{ uri: uri.href, mimeType: resource.mimeType, text: readResource(resource, context.origin).text }],
      }),
    );
  }
  if (parts.resources) registerAppViews(server);
  for (const prompt of parts.prompts ? PROMPTS : []) {
    server.registerPrompt(
      prompt.name,
      { title: prompt.title, description: prompt.description, argsSchema: z.object(prompt.args) },
      (args) => ({
        description: prompt.description,
        messages: [{ role: 'user', content: { type: 'text', text: prompt.render(args) } }],
      }),
    );
  }
  // Tools go straight to the protocol layer rather than McpServer.registerTool, so that tools/list shows the
  // JSON Schema the manifest is derived from and a bad argument is worded as on REST (tools.ts).
  // The lists never change while a server runs, so no list_changed notifications are promised (McpServer
  // declares them by default).
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

/** How an MCP call arrived, as the consultant's mail and the counts name it. */
export type McpChannel = Extract<RequestChannel, { kind: 'mcp' }>;

/**
 * What a tool called in one POST knows: the request's origin, id and quotas, the revision and channel it speaks,
 * and the documents search and fetch serve.
 */
export function toolContextForPost(
  request: Request,
  context: ApiContext,
  channel: McpChannel,
  listDocuments: ListDocuments,
): McpToolContext {
  return {
    origin: publicOrigin(request),
    requestId: context.requestId,
    consume: context.consume,
    client: context.client,
    protocolVersion: channel.protocolVersion,
    channel,
    listDocuments,
    identity: () => agentIdentityOfRequest(request),
  };
}

/** The server that answers one POST, with only the parts its JSON-RPC methods use; both eras build theirs here. */
export function buildMcpServerForPost(context: McpToolContext, body: unknown): McpServer {
  return buildMcpServer(context, partsUsedBy(methodsOf(body)));
}
