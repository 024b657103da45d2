/**
 * The `x-markdown-tokens` header Cloudflare's Markdown for Agents sends with a markdown answer: an estimate of
 * the tokens the body costs a language model, so an agent can budget its context before reading. Cloudflare
 * does not publish its tokenizer; this estimate is one token per four characters, rounded up, the common rule
 * of thumb for English text across the major tokenizers.
 */
const MARKDOWN_TOKENS_HEADER = 'x-markdown-tokens';

/** The estimated token count of a markdown body (one token per four Unicode characters, rounded up). */
function estimateMarkdownTokens(markdown: string): number {
  return Math.ceil([...markdown].length / 4);
}

/** The header that carries the estimate, ready to spread into a response's headers. */
export function markdownTokensHeader(markdown: string): Record<string, string> {
  return { [MARKDOWN_TOKENS_HEADER]: String(estimateMarkdownTokens(markdown)) };
}
