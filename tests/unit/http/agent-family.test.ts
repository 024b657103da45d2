import { describe, expect, it } from 'vitest';
import { agentFamilyOf } from '@/lib/http/agent-family';

const FAMILIES: [userAgent: string, family: string, signatureAgent?: string][] = [
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
    'ai-assistant/claude-user',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    'ai-crawler/claudebot',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    'ai-assistant/chatgpt',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
    'ai-crawler/gptbot',
  ],
  ['Mozilla/5.0 (compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot)', 'ai-crawler/oai-searchbot'],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0)',
    'ai-assistant/perplexity-user',
  ],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0)', 'ai-crawler/perplexity'],
  ['Mozilla/5.0 (compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)', 'ai-assistant/mistralai-user'],
  ['DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)', 'ai-assistant/duckassistbot'],
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'search-crawler/googlebot'],
  ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'search-crawler/bingbot'],
  ['AdsBot-Google (+http://www.google.com/adsbot.html)', 'search-crawler/adsbot-google'],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
    'browser',
  ],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'browser'],
  ['Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)', 'other'],
  ['curl/8.5.0', 'other'],
  ['node', 'other'],
  ['', 'other'],
  ['Mozilla/5.0 (Macintosh) Safari/605.1.15', 'ai-assistant/chatgpt', 'https://chatgpt.com'],
];

describe('the agent family of a request', () => {
  it.each(FAMILIES)('%s is %s', (userAgent, family, signatureAgent) => {
    expect(agentFamilyOf(userAgent, signatureAgent)).toBe(family);
  });

  it('reads only the bounded User-Agent: a long one costs no more and is judged by its start', () => {
    expect(agentFamilyOf(`GPTBot/1.1 ${'x'.repeat(20_000)}`)).toBe('ai-crawler/gptbot');
    expect(agentFamilyOf(`${'x'.repeat(20_000)} GPTBot/1.1`)).toBe('other');
  });
});
