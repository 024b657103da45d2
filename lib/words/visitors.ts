import { ASSISTANT_PRODUCTS, CRAWLER_PRODUCTS, SEARCH_ENGINES, productIn } from './products';

/**
 * Who sent a request, in her words, from the agent family the site counted (lib/http/agent-family.ts):
 * `ai-assistant/chatgpt` is "ChatGPT, fetching for a person", `ai-crawler/gptbot` "OpenAI's crawler (GPTBot)".
 * A list name without a product name is shown as the list writes it, beside what kind of agent it is.
 */
export function visitorWords(family: string): string {
  const [kind = '', name = ''] = family.split('/');
  switch (kind) {
    case 'ai-assistant':
      return `${productIn(ASSISTANT_PRODUCTS, name) ?? `${name} (an AI assistant)`}, fetching for a person`;
    case 'ai-crawler':
      return productIn(CRAWLER_PRODUCTS, name) ?? `an AI company's crawler (${name})`;
    case 'search-crawler':
      return name === ''
        ? "a search engine's crawler"
        : (productIn(SEARCH_ENGINES, name) ?? `a search engine (${name})`);
    case 'browser':
      return 'a person, in a web browser';
    default:
      return 'a script or program (not an assistant the site knows)';
  }
}

/** The product alone ("ChatGPT"), for an assistant or crawler the site knows; undefined for anything else. */
export function productOfFamily(family: string): string | undefined {
  const [kind = '', name = ''] = family.split('/');
  if (kind === 'ai-assistant') return productIn(ASSISTANT_PRODUCTS, name);
  if (kind === 'ai-crawler') return productIn(CRAWLER_PRODUCTS, name);
  if (kind === 'search-crawler') return productIn(SEARCH_ENGINES, name);
  return undefined;
}

/** The three groups the figures add up to (lib/http/agent-family.ts's clientKindOf). */
export const CLIENT_KIND_WORDS = {
  people: 'people',
  agents: 'AI assistants and crawlers',
  scripts: 'scripts and programs',
} as const satisfies Record<'people' | 'agents' | 'scripts', string>;
