import { isAIAgent } from '@vercel/agent-readability';
import { boundedUserAgent } from './user-agent';

/** What a request's headers must offer: a Fetch `Headers`, a NextRequest's headers, or any `get(name)`. */
export interface HeaderSource {
  get(name: string): string | null;
}

/**
 * AI user fetchers that Mintlify's list names and Vercel's does not (lower case, matched as substrings): Le Chat's
 * fetcher and DuckDuckGo's AI answers. Google-Agent is left out: it drives a real browser, which gets HTML.
 */
export const MORE_AI_FETCHERS = ['mistralai-user', 'duckassistbot'];

/** A browser loading a page for a person (Fetch Metadata): it keeps HTML whatever its User-Agent says. */
function isBrowserNavigation(headers: HeaderSource): boolean {
  return headers.get('sec-fetch-mode') === 'navigate' && headers.get('sec-fetch-dest') === 'document';
}

/**
 * Whether a request comes from an AI agent that should get a page as markdown without asking for it: an AI
 * assistant fetching for a user (Claude-User, ChatGPT-User, Perplexity-User, …) or an AI company's crawler
 * (ClaudeBot, GPTBot, …), by Vercel's list (`isAIAgent` of @vercel/agent-readability, its User-Agent and
 * Signature-Agent matches) and the few fetchers above. Search engines' crawlers (Googlebot, Bingbot), browsers
 * and generic clients (curl) keep HTML: serving a search crawler other content than people see is cloaking.
 * `isAIAgent`'s third rule, any bot-like User-Agent without Fetch Metadata, is not followed: it also catches
 * search crawlers missing from its list of traditional bots (AdsBot-Google, Storebot-Google, SeznamBot, Yeti).
 */
export function isMarkdownAgent(headers: HeaderSource): boolean {
  // Only the bounded User-Agent is read, so detection costs the same whoever serves the request.
  const userAgent = boundedUserAgent(headers.get('user-agent') ?? '').toLowerCase();
  const bounded: HeaderSource = {
    get: (name) => (name.toLowerCase() === 'user-agent' ? userAgent : headers.get(name)),
  };
  const detection = isAIAgent({ headers: bounded });
  if (detection.detected && detection.method !== 'heuristic') return true;
  return !isBrowserNavigation(headers) && MORE_AI_FETCHERS.some((name) => userAgent.includes(name));
}
