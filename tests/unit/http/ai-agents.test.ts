import { describe, expect, it } from 'vitest';
import { isMarkdownAgent } from '../../../lib/http/ai-agents';

/** User-Agent strings as their makers document them, with the representation each should get. */
const TABLE: [kind: string, userAgent: string, expected: 'markdown' | 'html'][] = [
  // AI assistants fetching a page for a user
  [
    'AI fetcher',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
    'markdown',
  ],
  [
    'AI fetcher',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    'markdown',
  ],
  [
    'AI fetcher',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
    'markdown',
  ],
  ['AI fetcher', 'Mozilla/5.0 (compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)', 'markdown'],
  ['AI fetcher', 'DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)', 'markdown'],
  [
    'AI fetcher',
    'meta-externalfetcher/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
    'markdown',
  ],
  // AI companies' crawlers
  ['AI crawler', 'ClaudeBot/1.0', 'markdown'],
  [
    'AI crawler',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    'markdown',
  ],
  [
    'AI crawler',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot)',
    'markdown',
  ],
  [
    'AI crawler',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    'markdown',
  ],
  // search engines' crawlers: the page people see
  ['search crawler', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'html'],
  [
    'search crawler',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
    'html',
  ],
  ['search crawler', 'AdsBot-Google (+http://www.google.com/adsbot.html)', 'html'],
  [
    'search crawler',
    'Mozilla/5.0 (compatible; SeznamBot/4.0; +https://o-seznam.cz/napoveda/vyhledavani/en/seznambot-crawler/)',
    'html',
  ],
  [
    'search crawler',
    'Mozilla/5.0 (Linux; Android 6.0.1) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Yeti/1.1; +https://naver.me/spd)',
    'html',
  ],
  // browsers and generic clients
  [
    'browser',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
    'html',
  ],
  ['browser', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 15.6; rv:145.0) Gecko/20100101 Firefox/145.0', 'html'],
  ['generic client', 'curl/8.14.1', 'html'],
  ['generic client', 'python-requests/2.32.5', 'html'],
];

const headersOf = (entries: Record<string, string>) => new Headers(entries);

describe('isMarkdownAgent: which User-Agents get a page as markdown', () => {
  it.each(TABLE)('%s %s gets %s', (_kind, userAgent, expected) => {
    expect(isMarkdownAgent(headersOf({ 'User-Agent': userAgent }))).toBe(expected === 'markdown');
  });

  it('a request with no User-Agent keeps HTML', () => {
    expect(isMarkdownAgent(headersOf({}))).toBe(false);
  });

  it('a browser navigation keeps HTML even when its User-Agent names an AI fetcher', () => {
    for (const userAgent of ['Claude-User/1.0', 'MistralAI-User/1.0'])
      expect(
        isMarkdownAgent(
          headersOf({ 'User-Agent': userAgent, 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' }),
        ),
      ).toBe(false);
  });

  it('ChatGPT agent signing its requests (Signature-Agent, RFC 9421) gets markdown', () => {
    expect(
      isMarkdownAgent(headersOf({ 'User-Agent': 'Mozilla/5.0', 'Signature-Agent': '"https://chatgpt.com"' })),
    ).toBe(true);
  });
});
