import { AI_AGENT_UA_PATTERNS, BOT_LIKE_REGEX, SIGNATURE_AGENT_DOMAINS } from '@vercel/agent-readability';
import { type HeaderSource, MORE_AI_FETCHERS } from './ai-agents';
import { boundedUserAgent } from './user-agent';
import { ASSISTANT_PRODUCTS } from '@/lib/words';

/**
 * Who sent a request, as counted (never the User-Agent itself): `ai-assistant/<name>` (an AI assistant fetching
 * for a user), `ai-crawler/<name>` (an AI company's crawler), `search-crawler/<name>`, `browser` or `other` (scripts,
 * HTTP libraries, monitors, social previews). `<name>` is the lower-case name of the list that matched.
 */
export type AgentFamily = string;

/** AI names in the order they are tried: Perplexity's fetcher before its crawler, then Mintlify's and Vercel's lists. */
const AI_NAMES: readonly string[] = ['perplexity-user', ...MORE_AI_FETCHERS, ...AI_AGENT_UA_PATTERNS];

/** Search engines' crawlers (the search part of Vercel's list of traditional bots, and the ones it misses). */
const SEARCH_CRAWLERS: readonly string[] = [
  'googlebot',
  'adsbot-google',
  'storebot-google',
  'bingbot',
  'yandexbot',
  'baiduspider',
  'duckduckbot',
  'slurp',
  'msnbot',
  'applebot',
  'seznambot',
  'yeti',
];

/** The family of a User-Agent (and Signature-Agent, RFC 9421), by substring tests on the bounded value. */
export function agentFamilyOf(userAgent: string, signatureAgent = ''): AgentFamily {
  const ua = boundedUserAgent(userAgent).toLowerCase();
  const ai = AI_NAMES.find((name) => ua.includes(name));
  if (ai) return `${Object.hasOwn(ASSISTANT_PRODUCTS, ai) ? 'ai-assistant' : 'ai-crawler'}/${ai}`;
  const signature = signatureAgent.toLowerCase();
  const signed = signature && SIGNATURE_AGENT_DOMAINS.find((domain) => signature.includes(domain));
  if (signed) return `ai-assistant/${signed.replace(/\.com$/, '')}`;
  const search = SEARCH_CRAWLERS.find((name) => ua.includes(name));
  if (search) return `search-crawler/${search}`;
  if (ua.startsWith('mozilla/') && !BOT_LIKE_REGEX.test(ua)) return 'browser';
  return 'other';
}

/** Whether a family is a person's browser (the rest are agents of some kind). */
const isPerson = (family: AgentFamily): boolean => family === 'browser';

/** Who is behind a family, as the reports group it: people, agents (AI and search) or scripts (`other`). */
export type ClientKind = 'people' | 'agents' | 'scripts';

/**
 * The kind of a family. `other` is scripts, HTTP libraries and monitors (her own curl checks among them), kept
 * apart so they do not swell the agents she reads about (docs/insights.md, "What is counted").
 */
export function clientKindOf(family: AgentFamily): ClientKind {
  if (isPerson(family)) return 'people';
  return family === 'other' ? 'scripts' : 'agents';
}

const MAX_REMEMBERED = 1000;
const remembered = new Map<string, AgentFamily>();

/** The family of a request's headers; the few User-Agents a site sees repeat, so answers are remembered. */
export function agentFamilyOfRequest(headers: HeaderSource): AgentFamily {
  const userAgent = headers.get('user-agent') ?? '';
  const signatureAgent = headers.get('signature-agent') ?? '';
  const key = `${signatureAgent}\n${userAgent}`;
  let family = remembered.get(key);
  if (family === undefined) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    family = agentFamilyOf(userAgent, signatureAgent);
    remembered.set(key, family);
  }
  return family;
}
