import type { AgentFamily } from '@/lib/http/agent-family';

/**
 * The names people know AI products by, for the lower-case list names of lib/http/agent-family.ts. A list name
 * missing here is shown as it is: it is still the site's own word, never the User-Agent.
 */
const PRODUCT_NAMES: Readonly<Record<string, string>> = {
  chatgpt: 'ChatGPT',
  'claude-user': 'Claude',
  'perplexity-user': 'Perplexity',
  'mistralai-user': 'Le Chat (Mistral AI)',
  duckassistbot: 'DuckAssist (DuckDuckGo)',
  'meta-externalfetcher': 'Meta AI',
  cursor: 'Cursor',
  'github-copilot': 'GitHub Copilot',
  codeium: 'Codeium',
  tabnine: 'Tabnine',
  sourcegraph: 'Sourcegraph',
  'you.com': 'You.com',
  claudebot: "Anthropic's ClaudeBot",
  'claude-searchbot': "Anthropic's Claude-SearchBot",
  gptbot: "OpenAI's GPTBot",
  'oai-searchbot': "OpenAI's OAI-SearchBot",
  perplexity: "Perplexity's PerplexityBot",
  gemini: 'Gemini (Google)',
};

const nameOf = (listName: string): string => PRODUCT_NAMES[listName] ?? listName;

/**
 * What sent a request, in words the consultant reads at a glance: the AI assistant the site recognised ("ChatGPT"),
 * an AI company's crawler, a search engine, a web browser, or a script; `undefined` is the contact form, which a
 * person fills in in their browser. Built from the site's own family names only, never from the User-Agent.
 */
export function describeSender(family: AgentFamily | undefined): string {
  if (family === undefined) return "a person, in their web browser (the site's contact form)";
  const [kind, listName = ''] = family.split('/');
  switch (kind) {
    case 'ai-assistant':
      return `${nameOf(listName)} (an AI assistant acting for a person)`;
    case 'ai-crawler':
      return `${nameOf(listName)} (an AI company's crawler)`;
    case 'search-crawler':
      return "a search engine's crawler";
    case 'browser':
      return 'a web browser, or a program that says it is one';
    default:
      return 'a script or program (not an AI assistant the site recognises)';
  }
}
