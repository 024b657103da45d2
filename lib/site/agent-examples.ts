import { evaluateClientNeedsTool, scheduleConsultationTool } from '@/lib/agent/tools';
import { MANIFEST_PATH, MCP_PATH, resourcePath, toolPath } from '@/lib/http/api-paths';

/** One copyable command on the /agents page. */
export interface CurlExample {
  title: string;
  command: string;
}

/** Pretty JSON for a single-quoted shell argument (a ' inside is closed, escaped and reopened). */
const json = (value: unknown): string => JSON.stringify(value, null, 2).replace(/'/g, "'\\''");

/** Paths of the agent surface, as docs/agent-api.md, "Endpoints", names them. */
export const AGENT_PATHS = {
  manifest: MANIFEST_PATH,
  evaluate: toolPath(evaluateClientNeedsTool.slug),
  schedule: toolPath(scheduleConsultationTool.slug),
  mcp: MCP_PATH,
  mcpManifest: '/mcp.json',
  llms: '/llms.txt',
} as const;

type CurlExampleId =
  | 'manifest'
  | 'resource'
  | 'evaluate'
  | 'schedule'
  | 'mcpDescribe'
  | 'mcpInitialize'
  | 'mcpTools'
  | 'mcpManifest'
  | 'llms'
  | 'markdown';

/**
 * The curl commands shown on /agents, with absolute URLs on `origin` (the page's own) so that they work when pasted.
 * The sample values are obviously placeholders; the schedule example is labelled as sending a real request.
 */
export function buildCurlExamples(origin: string): Record<CurlExampleId, CurlExample> {
  const onSite = (path: string): string => `${origin}${path}`;
  const evaluateBody = {
    challenges: 'Buyers cannot tell us apart from two larger competitors.',
    technology_sector: 'developer tools',
  };
  const scheduleBody = {
    client_name: 'Alex Example',
    client_email: 'alex@example.com',
    preferred_time: 'Tuesday or Wednesday afternoon, UK time',
    project_context: 'Series A infrastructure start-up, repositioning before a raise.',
    technology_sector: 'cloud infrastructure',
  };
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-03-26',
      capabilities: {},
      clientInfo: { name: 'example-agent', version: '1.0.0' },
    },
  };
  const post = (path: string, body: string, extraHeaders: string[] = []): string =>
    [
      `curl -s -X POST ${onSite(path)} \\`,
      `  -H 'Content-Type: application/json' \\`,
      ...extraHeaders.map((header) => `  -H '${header}' \\`),
      `  -d '${body}'`,
    ].join('\n');
  const mcpHeaders = ['Accept: application/json, text/event-stream'];
  return {
    manifest: { title: 'Read the manifest', command: `curl -s ${onSite(AGENT_PATHS.manifest)}` },
    resource: { title: 'Read a resource', command: `curl -s ${onSite(resourcePath('engagements'))}` },
    evaluate: { title: 'Evaluate client needs', command: post(AGENT_PATHS.evaluate, json(evaluateBody)) },
    schedule: {
      title: 'Request a consultation (sends a real email)',
      command: post(AGENT_PATHS.schedule, json(scheduleBody)),
    },
    mcpDescribe: { title: 'Describe the MCP server', command: `curl -s ${onSite(AGENT_PATHS.mcp)}` },
    mcpInitialize: {
      title: 'Initialise an MCP session',
      command: post(AGENT_PATHS.mcp, JSON.stringify(initialize), mcpHeaders).replace('curl -s ', 'curl -si '),
    },
    mcpTools: {
      title: 'List the MCP tools',
      command: post(AGENT_PATHS.mcp, '{"jsonrpc":"2.0","id":2,"method":"tools/list"}', [
        ...mcpHeaders,
        'Mcp-Session-Id: <id from the initialize response>',
      ]),
    },
    mcpManifest: { title: 'Read the MCP manifest', command: `curl -s ${onSite(AGENT_PATHS.mcpManifest)}` },
    llms: { title: 'Read the llms.txt index', command: `curl -s ${onSite(AGENT_PATHS.llms)}` },
    markdown: {
      title: 'Read the homepage as markdown',
      command: `curl -s -H 'Accept: text/markdown' ${onSite('/')}`,
    },
  };
}
