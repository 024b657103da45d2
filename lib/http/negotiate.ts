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
