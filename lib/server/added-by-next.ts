import { isApiPath, isPagePath } from '@/lib/http/shared-headers';
import { nextAddsAcceptEncodingToVary } from '@/lib/next/build-output';
import type { Recording } from './replay';

/**
 * What Next adds to an answer of the project's own code on a path: next.config.ts's headers for it and the Vary
 * tokens of its runtime. Found at start-up by asking Next and the code alone the same thing (a route handler's
 * OPTIONS; proxy.ts's answer to a method no route has) and keeping the difference, so next.config.ts stays the one
 * source of these rules; they depend on the path alone, so one request stands for every answer on its kind of path.
 */
export interface AddedByNext {
  headers: Record<string, string>;
  vary: string[];
}

const tokens = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);

const has = (list: readonly string[], token: string) => list.some((t) => t.toLowerCase() === token.toLowerCase());

/**
 * The difference between Next's answer and the handler's own to the same request. Accept-Encoding is left out of
 * Vary: Next adds it by content type, and withNextAdditions does the same for each answer.
 */
export function addedByNext(viaNext: Recording, own: Response): AddedByNext {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(viaNext.headers))
    if (name !== 'vary' && !own.headers.has(name)) headers[name] = [value].flat().join(', ');
  const ownVary = tokens(own.headers.get('vary'));
  const vary = tokens([viaNext.headers.vary ?? []].flat().join(',')).filter(
    (token) => !has(ownVary, token) && token.toLowerCase() !== 'accept-encoding',
  );
  return { headers, vary };
}

/**
 * The kinds of path next.config.ts gives different headers, by its sources (lib/http/shared-headers.ts), each with a
 * path of that kind to ask Next about. Answers the project's server writes itself before Next (the guard's) take
 * what Next adds to proxy.ts's same answer on a path of the same kind.
 */
export const PATH_KIND_PROBES = {
  home: '/',
  page: '/next-headers-probe',
  api: '/api/next-headers-probe',
  'api and page': '/api',
  other: '/next-headers-probe.txt',
} as const;
export type PathKind = keyof typeof PATH_KIND_PROBES;

export function pathKind(pathname: string): PathKind {
  if (pathname === '/') return 'home';
  const page = pathname.startsWith('/') && isPagePath(pathname);
  if (isApiPath(pathname)) return page ? 'api and page' : 'api';
  return page ? 'page' : 'other';
}

/**
 * The headers to send with a handler's answer, as `next start` sends them: what Next adds, then the answer's own,
 * with Next's Vary tokens after its own, and Accept-Encoding where Next's compression names it (by content type).
 */
export function withNextAdditions(added: AddedByNext, own: Headers): Record<string, string> {
  const headers: Record<string, string> = { ...added.headers };
  own.forEach((value, name) => (headers[name] = value));
  const vary = tokens(own.get('vary'));
  for (const token of added.vary) if (!has(vary, token)) vary.push(token);
  if (nextAddsAcceptEncodingToVary(own.get('content-type') ?? undefined) && !has(vary, 'accept-encoding'))
    vary.push('Accept-Encoding');
  if (vary.length > 0) headers.vary = vary.join(', ');
  return headers;
}
