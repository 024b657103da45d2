import type { IncomingMessage } from 'node:http';
import { isMarkdownAgent } from '@/lib/http/ai-agents';
import { configHeadersFor, isPagePath } from '@/lib/http/shared-headers';
import {
  NEXT_ROUTER_REQUEST_HEADERS,
  PRERENDERED_PAGE_CACHE_CONTROL,
  PRERENDERED_PAGE_MARKERS,
  headersAsNextSends,
  readStaticPages,
} from '@/lib/next/build-output';
import { type CachedAnswer, cachedAnswer, fileCanAnswer } from './cached-answer';

/**
 * The prerendered HTML pages as the fast path sends them: every page Next serves as the same bytes to every
 * plain request (lib/next/build-output.ts), read once at start-up with the headers `next start` sends with it,
 * its Content-Security-Policy and Vary among them. Only a plain document request is answered so
 * (`pageAnswerFor`); what Next's client router asks for (RSC payloads, prefetches), Server Actions, form posts,
 * query strings, any Accept that mentions markdown and AI agents (which get the markdown) go to Next.
 */
export type PageAnswers = ReadonlyMap<string, CachedAnswer>;

/** The answers of every static page of the build in `distDir` (none without a production build). */
export function loadPageAnswers(distDir: string): PageAnswers {
  const answers = new Map<string, CachedAnswer>();
  for (const page of readStaticPages(distDir)) {
    if (!isPagePath(page.route)) continue;
    const headers = headersAsNextSends(configHeadersFor(page.route), {
      ...PRERENDERED_PAGE_MARKERS,
      ...page.metaHeaders,
      'Cache-Control': PRERENDERED_PAGE_CACHE_CONTROL,
      'Content-Type': 'text/html; charset=utf-8',
    });
    answers.set(page.route, cachedAnswer(page.html, headers));
  }
  return answers;
}

const headerValue = (value: string | string[] | undefined): string | null =>
  Array.isArray(value) ? value.join(', ') : (value ?? null);

/** The page answer for a plain document request (GET or HEAD, no query, nothing for Next's router), or undefined. */
export function pageAnswerFor(
  answers: PageAnswers,
  request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>,
): CachedAnswer | undefined {
  const { url, headers } = request;
  if (url === undefined || url.includes('?')) return undefined;
  const answer = answers.get(url);
  if (!answer || !fileCanAnswer(request.method, headers)) return undefined;
  if (headers['content-type'] !== undefined) return undefined;
  if (NEXT_ROUTER_REQUEST_HEADERS.some((name) => headers[name] !== undefined)) return undefined;
  if (headers.accept !== undefined && /markdown/i.test(headers.accept)) return undefined;
  if (isMarkdownAgent({ get: (name) => headerValue(headers[name]) })) return undefined;
  return answer;
}
