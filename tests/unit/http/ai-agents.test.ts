import { describe, expect, it } from 'vitest';
import { isMarkdownAgent } from '../../../lib/http/ai-agents';
import { USER_AGENTS } from '../../fixtures/user-agents';

const headersOf = (entries: Record<string, string>) => new Headers(entries);

describe('isMarkdownAgent: which User-Agents get a page as markdown', () => {
  it.each(USER_AGENTS)('%s %s gets %s', (_kind, userAgent, expected) => {
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
