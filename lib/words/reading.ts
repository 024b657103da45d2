/** What a request read, by the surface it was counted under (lib/insights/request-surface.ts). */
export const SURFACE_WORDS = {
  'page-html': 'pages',
  'page-markdown': 'pages as markdown',
  discovery: 'guides for agents (llms.txt, the sitemap, robots.txt)',
  'rest-resource': 'the agent API',
  'rest-tool': "the agent API's tools",
  mcp: 'MCP',
  'contact-form': 'the contact form',
  other: 'other addresses',
} as const;

/** What an MCP message did, by its method (lib/counting/tool-counts.ts counts these and `other`). */
export const MCP_MESSAGE_WORDS: Readonly<Record<string, string>> = {
  initialize: 'connecting',
  'notifications/initialized': 'confirming the connection',
  ping: 'checking the connection',
  'tools/list': 'listing the tools',
  'tools/call': 'using a tool',
  'resources/list': 'listing what it can read',
  'resources/read': 'reading her content',
  'resources/templates/list': 'listing what it can look up',
  'prompts/list': 'listing the prompts',
  'prompts/get': 'using a prompt',
  'completion/complete': 'completing a field',
  'logging/setLevel': 'asking for more or less logging',
  'notifications/cancelled': 'cancelling a request',
  other: 'other messages',
};

/** The tools, by what they do for her. */
export const TOOL_WORDS: Readonly<Record<string, string>> = {
  evaluate_client_needs: 'matching needs to an engagement',
  schedule_consultation: 'asking for a consultation',
};

/** A key of one of the tables above in her words; an unknown key (a newer count) reads as its table's "other". */
export function wordsFor(table: Readonly<Record<string, string>>, key: string, otherwise = 'other'): string {
  return Object.hasOwn(table, key) ? (table[key] ?? otherwise) : otherwise;
}
