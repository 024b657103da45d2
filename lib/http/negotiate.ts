import Negotiator from 'negotiator';

/**
 * The media type to answer with, of those `available`, by RFC 9110 section 12.5.1: q-values count, q=0 refuses,
 * more specific ranges win, and on a tie the server's order (the first of `available`) wins. No Accept header
 * counts as `*∕*`. Returns undefined when the client accepts none of them.
 */
export function preferredMediaType(request: Request, available: readonly string[]): string | undefined {
  const accept = request.headers.get('accept') ?? '*/*';
  return new Negotiator({ headers: { accept } }).mediaType([...available]);
}

/**
 * Whether an Accept header asks for a page as markdown rather than HTML: exactly `text/markdown`, or a header that
 * names markdown and prefers it to HTML by the negotiation above. The header alone: AI agents get markdown
 * whatever they send (lib/http/ai-agents.ts).
 */
export function acceptPrefersMarkdown(accept: string): boolean {
  if (!/markdown/i.test(accept)) return false;
  if (accept === 'text/markdown') return true;
  return new Negotiator({ headers: { accept } }).mediaType(['text/html', 'text/markdown']) === 'text/markdown';
}
