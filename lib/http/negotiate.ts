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

/** True when Accept-Encoding takes gzip (named with a q above 0, or `*` when gzip is not named). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let star: boolean | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return accepted;
    if (name === '*') star = accepted;
  }
  return star ?? false;
}
