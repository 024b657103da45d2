import { describe, expect, it } from 'vitest';
import { acceptPrefersMarkdown } from '@/lib/http/negotiate';

describe('acceptPrefersMarkdown: one reading of Accept for proxy.ts and the counts', () => {
  it.each([
    ['text/markdown', true],
    ['text/markdown, text/html;q=0.5', true],
    ['text/html, text/markdown;q=0.9', false],
    ['text/markdown;q=0, text/html', false],
    ['text/html', false],
    ['*/*', false],
    ['', false],
  ])('%j: %s', (accept, expected) => {
    expect(acceptPrefersMarkdown(accept)).toBe(expected);
  });
});
