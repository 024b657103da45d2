import { type AgentFamily, productNameOf } from '@/lib/http/agent-family';

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
      return `${productNameOf(listName)} (an AI assistant acting for a person)`;
    case 'ai-crawler':
      return `${productNameOf(listName)} (an AI company's crawler)`;
    case 'search-crawler':
      return "a search engine's crawler";
    case 'browser':
      return 'a web browser, or a program that says it is one';
    default:
      return 'a script or program (not an AI assistant the site recognises)';
  }
}
