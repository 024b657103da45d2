import type { AgentFamily } from '@/lib/http/agent-family';
import { visitorWords } from '@/lib/words';

/**
 * What sent a request, in words the consultant reads at a glance, from the same table as the desk (lib/words):
 * "ChatGPT, fetching for a person", "OpenAI's crawler (GPTBot)", a search engine, a web browser, or a script;
 * `undefined` is the contact form, which a person fills in in their browser. Built from the site's own family
 * names only, never from the User-Agent.
 */
export function describeSender(family: AgentFamily | undefined): string {
  if (family === undefined) return "a person, in their web browser (the site's contact form)";
  return visitorWords(family);
}
