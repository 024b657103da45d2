import { isApiPath, isPagePath } from '@/lib/http/shared-headers';
import { nextAddsAcceptEncodingToVary } from '@/lib/next/build-output';
import type { Recording } from './replay';

/**
 * What Next adds to our own code's answers on a kind of path (next.config.ts's headers, its runtime's Vary): the
 * difference between one answer through Next and the same answer of the code alone, so next.config.ts stays the rule.
 */
export interface AddedByNext {
  headers: Record<string, string>;
  vary: string[];
}

/** The tokens of a list-valued field such as Vary, sent on one line or several. */
export const listTokens = (value: string | readonly string[] | null | undefined): string[] =>
  [value ?? []]
    .flat()
    .flatMap((line) => line.split(','))
    .map((token) => token.trim())
    .filter(Boolean);

const has = (list: readonly string[], token: string) => list.some((t) => t.toLowerCase() === token.toLowerCase());

/** Next's answer less the code's own. Accept-Encoding is left out of Vary: Next adds it by content type, per answer. */
export function addedByNext(viaNext: Recording, own: Response): AddedByNext {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(viaNext.headers))
    if (name !== 'vary' && !own.headers.has(name)) headers[name] = [value].flat().join(', ');
  const ownVary = listTokens(own.headers.get('vary'));
  const vary = listTokens(viaNext.headers.vary).filter(
    (token) => !has(ownVary, token) && token.toLowerCase() !== 'accept-encoding',
  );
  return { headers, vary };
}

/** The kinds of path next.config.ts's sources tell apart, each with a path to ask Next about for the guard's answers. */
export const PATH_KIND_PROBES = {
  home: '/',
  page: '/next-headers-probe',
  api: '/api/next-headers-probe',
  'api and page': '/api',
  other: '/next-headers-probe.txt',
} as const;
export type PathKind = keyof typeof PATH_KIND_PROBES;

/** The kind of `pathname`, by the tests that mirror next.config.ts's sources (lib/http/shared-headers.ts). */
export function pathKind(pathname: string): PathKind {
  if (pathname === '/') return 'home';
  const page = pathname.startsWith('/') && isPagePath(pathname);
  if (isApiPath(pathname)) return page ? 'api and page' : 'api';
  return page ? 'page' : 'other';
}

/** An answer's headers as `next start` sends them: Next's additions under the answer's own, Vary merged. */
export function withNextAdditions(added: AddedByNext, own: Headers): Record<string, string> {
  const headers: Record<string, string> = { ...added.headers };
  own.forEach((value, name) => (headers[name] = value));
  const vary = listTokens(own.get('vary'));
  for (const token of added.vary) if (!has(vary, token)) vary.push(token);
  if (nextAddsAcceptEncodingToVary(own.get('content-type') ?? undefined) && !has(vary, 'accept-encoding'))
    vary.push('Accept-Encoding');
  if (vary.length > 0) headers.vary = vary.join(', ');
  return headers;
}
