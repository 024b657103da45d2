/**
 * What `npm run bench` measures. A floor is a fraction of the limit: a bare Node http server answering the same
 * bytes in the same run. Reads through the recipe's shared cache: 0.8; a tool call and an MCP tools/call (in a
 * session, without one, or statelessly): 0.025, the MCP call at most 1.5 times the cost of the same REST call.
 * Reads at the origin are Next's own speed, reported without a floor: a shared cache in front carries repeated reads.
 */
export interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The least acceptable ratio to the bare server's req/s; none for a row that is reported only. */
  floor?: number;
  /** The response must look like this (checked once before measuring): a content type and a body fragment. */
  expect: { type: RegExp; body: string };
  /** An MCP session: run.ts opens one and adds its headers. */
  mcpSession?: boolean;
  /** At most this many times the cost (1 / req/s) of the target named, measured in the same run. */
  maxCostOf?: { target: string; times: number };
  /** Signed with Web Bot Auth by a signer the app lists (run.ts serves its key directory on loopback). */
  signed?: boolean;
  /** Asked through the recipe's nginx in front of the app (deploy/nginx), where a shared cache answers reads. */
  throughSharedCache?: boolean;
}

/** A browser's Accept for a page view (proxy.ts is not run for it: it does not mention text/markdown). */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

const EVALUATE_INPUT = {
  challenges: 'Our Series B pitch deck does not land with investors',
  technology_sector: 'fintech',
};

export const MAX_P99_MS = 100;

const REST_TOOL_CALL = 'POST tools/evaluate-client-needs';
/** The 2025-era tools/call both the session and the session-less targets send. */
const MCP_2025_CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'evaluate_client_needs', arguments: EVALUATE_INPUT },
});

/** What an MCP tools/call may cost beside the same call over REST, in either era. */
const MCP_COST = { target: REST_TOOL_CALL, times: 1.5 };
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

const AT_THE_ORIGIN: Target[] = [
  {
    name: 'GET /api/agent',
    method: 'GET',
    path: '/api/agent',
    expect: { type: /^application\/json/, body: '"version":"2.6.0"' },
  },
  {
    name: 'GET resources/bio',
    method: 'GET',
    path: '/api/agent/resources/bio',
    expect: { type: /^application\/json/, body: '"name":"bio"' },
  },
  {
    name: 'GET resources/bio (markdown)',
    method: 'GET',
    path: '/api/agent/resources/bio',
    headers: { Accept: 'text/markdown' },
    expect: { type: /^text\/markdown/, body: '# ' },
  },
  {
    name: 'GET resources/case-studies',
    method: 'GET',
    path: '/api/agent/resources/case-studies',
    expect: { type: /^application\/json/, body: '"case-studies"' },
  },
  {
    name: 'GET resources/engagements',
    method: 'GET',
    path: '/api/agent/resources/engagements',
    expect: { type: /^application\/json/, body: '"engagements"' },
  },
  {
    name: 'GET resources/contact-card',
    method: 'GET',
    path: '/api/agent/resources/contact-card',
    expect: { type: /^application\/json/, body: 'BEGIN:VCARD' },
  },
  { name: 'GET /llms.txt', method: 'GET', path: '/llms.txt', expect: { type: /^text\/plain/, body: '# ' } },
  {
    name: 'GET / (HTML)',
    method: 'GET',
    path: '/',
    headers: { Accept: BROWSER_ACCEPT },
    expect: { type: /^text\/html/, body: '<!DOCTYPE html>' },
  },
  {
    name: 'GET / (HTML), signed agent',
    method: 'GET',
    path: '/',
    headers: { Accept: BROWSER_ACCEPT },
    signed: true,
    expect: { type: /^text\/html/, body: '<!DOCTYPE html>' },
  },
  {
    name: 'GET /index.md',
    method: 'GET',
    path: '/index.md',
    expect: { type: /^text\/markdown/, body: '---' },
  },
  {
    name: 'GET / (Accept: markdown)',
    method: 'GET',
    path: '/',
    headers: { Accept: 'text/markdown' },
    expect: { type: /^text\/markdown/, body: '---' },
  },
  {
    name: REST_TOOL_CALL,
    method: 'POST',
    path: '/api/agent/tools/evaluate-client-needs',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(EVALUATE_INPUT),
    floor: 0.025,
    expect: { type: /^application\/json/, body: '"recommended"' },
  },
  {
    name: `${REST_TOOL_CALL}, signed agent`,
    method: 'POST',
    path: '/api/agent/tools/evaluate-client-needs',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(EVALUATE_INPUT),
    signed: true,
    floor: 0.025,
    expect: { type: /^application\/json/, body: '"recommended"' },
  },
  {
    name: 'MCP tools/call (session)',
    method: 'POST',
    path: '/api/mcp',
    headers: MCP_HEADERS,
    body: MCP_2025_CALL,
    floor: 0.025,
    expect: { type: /^application\/json/, body: '"structuredContent"' },
    mcpSession: true,
    maxCostOf: MCP_COST,
  },
  {
    name: 'MCP tools/call (no session)',
    method: 'POST',
    path: '/api/mcp',
    // As ChatGPT's tool plane and Claude's backend send it: no Mcp-Session-Id (docs/mcp-clients.md, "Tolerances").
    headers: { ...MCP_HEADERS, 'MCP-Protocol-Version': '2025-03-26' },
    body: MCP_2025_CALL,
    floor: 0.025,
    expect: { type: /^application\/json/, body: '"structuredContent"' },
    maxCostOf: MCP_COST,
  },
  {
    name: 'MCP tools/call (2026-07-28)',
    method: 'POST',
    path: '/api/mcp',
    headers: {
      ...MCP_HEADERS,
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'evaluate_client_needs',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'evaluate_client_needs',
        arguments: EVALUATE_INPUT,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
    floor: 0.025,
    expect: { type: /^application\/json/, body: '"structuredContent"' },
    maxCostOf: MCP_COST,
  },
];

/** Reads a shared cache keeps, asked again through the recipe's nginx, as each is asked of the app. */
const KEPT_BY_THE_SHARED_CACHE = ['GET / (HTML)', 'GET /llms.txt', 'GET /index.md'];

export const TARGETS: Target[] = [
  ...AT_THE_ORIGIN,
  ...AT_THE_ORIGIN.filter((target) => KEPT_BY_THE_SHARED_CACHE.includes(target.name)).map((target) => ({
    ...target,
    name: `${target.name}, through the shared cache`,
    throughSharedCache: true,
    floor: 0.8,
  })),
];
