/**
 * The names people know AI products by, keyed by the lower-case names of the lists in lib/http/ai-agents.ts that
 * recognise them. An assistant fetches a page because a person asked it to; a crawler reads for an index or a model.
 */
export const ASSISTANT_PRODUCTS: Readonly<Record<string, string>> = {
  'perplexity-user': 'Perplexity',
  'mistralai-user': 'Le Chat (Mistral AI)',
  duckassistbot: 'DuckAssist (DuckDuckGo)',
  'claude-user': 'Claude',
  chatgpt: 'ChatGPT',
  'meta-externalfetcher': 'Meta AI',
  cursor: 'Cursor',
  'github-copilot': 'GitHub Copilot',
  codeium: 'Codeium',
  tabnine: 'Tabnine',
  sourcegraph: 'Sourcegraph',
  'you.com': 'You.com',
};

/** AI companies' crawlers: whose it is, then the name it gives itself, which is what her server logs would show. */
export const CRAWLER_PRODUCTS: Readonly<Record<string, string>> = {
  claudebot: "Anthropic's crawler (ClaudeBot)",
  'claude-searchbot': "Anthropic's search crawler (Claude-SearchBot)",
  'anthropic-ai': "Anthropic's crawler (anthropic-ai)",
  'claude-web': "Anthropic's crawler (Claude-Web)",
  gptbot: "OpenAI's crawler (GPTBot)",
  'oai-searchbot': "OpenAI's search crawler (OAI-SearchBot)",
  openai: 'an OpenAI crawler',
  gemini: "Google's Gemini",
  bard: "Google's Bard",
  'google-extended': "Google's AI training (Google-Extended)",
  'google-cloudvertexbot': "Google Cloud's Vertex AI crawler",
  'meta-externalagent': "Meta's crawler (Meta-ExternalAgent)",
  'meta-webindexer': "Meta's web indexer",
  perplexity: "Perplexity's crawler (PerplexityBot)",
  youbot: "You.com's crawler (YouBot)",
  deepseekbot: "DeepSeek's crawler",
  'cohere-ai': "Cohere's crawler",
  bytespider: "ByteDance's crawler (Bytespider)",
  amazonbot: "Amazon's crawler (Amazonbot)",
  ai2bot: "the Allen Institute's crawler (AI2Bot)",
  diffbot: "Diffbot's crawler",
  omgili: "Webz.io's crawler (Omgili)",
  omgilibot: "Webz.io's crawler (Omgili)",
};

/** Search engines, keyed by the names of their crawlers in lib/http/agent-family.ts. */
export const SEARCH_ENGINES: Readonly<Record<string, string>> = {
  googlebot: 'Google Search',
  'adsbot-google': 'Google Ads',
  'storebot-google': 'Google Shopping',
  bingbot: 'Bing',
  msnbot: 'Bing',
  yandexbot: 'Yandex',
  baiduspider: 'Baidu',
  duckduckbot: 'DuckDuckGo',
  slurp: 'Yahoo',
  applebot: 'Apple (Siri and Spotlight)',
  seznambot: 'Seznam',
  yeti: 'Naver',
};

/**
 * MCP clients by the name they give in `initialize` (lower case, as the inquiry log keeps it), with the product a
 * person knows. A name not here is shown as the client wrote it, in quotes, as text.
 */
export const MCP_CLIENT_PRODUCTS: Readonly<Record<string, string>> = {
  'claude-ai': 'Claude',
  'claude desktop': 'Claude Desktop',
  'claude-code': 'Claude Code',
  'openai-mcp': 'ChatGPT',
  chatgpt: 'ChatGPT',
  cursor: 'Cursor',
  'cursor-vscode': 'Cursor',
  'visual studio code': 'VS Code',
  vscode: 'VS Code',
  windsurf: 'Windsurf',
  zed: 'Zed',
  'gemini-cli': 'Gemini CLI',
  goose: 'Goose',
  cline: 'Cline',
  continue: 'Continue',
  'mcp-inspector': 'the MCP Inspector',
};

/** The product named by a key of one of the tables above, when it is one. */
export function productIn(table: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
