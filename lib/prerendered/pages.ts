import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { type CachedAnswer, cachedAnswer, fileCanAnswer } from '@/lib/http/cached-answer';
import { configHeadersFor, isPagePath } from '@/lib/http/shared-headers';

/**
 * The prerendered HTML pages as the front door sends them (issue 6): every page `next build` prerendered as
 * static HTML (prerender-manifest.json: a page, never revalidated, status 200), read once at start-up from
 * `<distDir>/server/app/<page>.html` and `.meta` (which holds its Content-Security-Policy, lib/security/build-csp.ts),
 * with the headers Next sends for it. Only a plain document request is answered so (`pageAnswerFor`); everything
 * Next's client router asks for (RSC payloads, prefetches), server actions, form posts, query strings and any
 * Accept that mentions markdown go to Next as before.
 */
export type PageAnswers = ReadonlyMap<string, CachedAnswer>;

/** Request headers that make a page request something other than a plain document request. */
const FOR_NEXT = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-action',
  'next-url',
  'x-nextjs-data',
  'x-middleware-prefetch',
  'content-type',
] as const;

/** What Next's page runtime puts in Vary (lib/http/vary-accept.ts adds Accept to it). */
const NEXT_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept';
/** Next's Cache-Control for a page prerendered once and never revalidated (server/lib/cache-control.js). */
const NEVER_REVALIDATED = 's-maxage=31536000';
/** Next's own bookkeeping in the .meta file, which it does not send. */
const NOT_SENT = new Set(['x-next-cache-tags']);

interface PrerenderManifest {
  routes: Record<string, { routeType?: string; initialRevalidateSeconds?: number | false; initialStatus?: number }>;
}

interface PageMeta {
  status?: number;
  headers?: Record<string, string>;
}

/** The answers of every static prerendered page of the build in `distDir` (none without a production build). */
export function loadPageAnswers(distDir: string): PageAnswers {
  const manifestFile = path.join(distDir, 'prerender-manifest.json');
  const answers = new Map<string, CachedAnswer>();
  if (!fs.existsSync(manifestFile)) return answers;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as PrerenderManifest;
  for (const [route, entry] of Object.entries(manifest.routes)) {
    if (entry.routeType !== 'page' || entry.initialRevalidateSeconds !== false || (entry.initialStatus ?? 200) !== 200)
      continue;
    if (!isPagePath(route) || route.startsWith('/_')) continue;
    const base = path.join(distDir, 'server', 'app', route === '/' ? 'index' : route.slice(1));
    if (!fs.existsSync(`${base}.html`) || !fs.existsSync(`${base}.meta`)) continue;
    const meta = JSON.parse(fs.readFileSync(`${base}.meta`, 'utf8')) as PageMeta;
    if ((meta.status ?? 200) !== 200) continue;
    const own = Object.fromEntries(
      Object.entries(meta.headers ?? {}).filter(([name]) => !NOT_SENT.has(name.toLowerCase())),
    );
    const headers = {
      ...configHeadersFor(route),
      Vary: NEXT_VARY,
      'x-nextjs-cache': 'HIT',
      ...own,
      'Cache-Control': NEVER_REVALIDATED,
      'Content-Type': 'text/html; charset=utf-8',
    };
    answers.set(route, cachedAnswer(fs.readFileSync(`${base}.html`), headers));
  }
  return answers;
}

/** The page answer for a plain document request (GET or HEAD, no query, nothing for Next's router), or undefined. */
export function pageAnswerFor(
  answers: PageAnswers,
  request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>,
): CachedAnswer | undefined {
  const { url, headers } = request;
  if (url === undefined || url.includes('?')) return undefined;
  const answer = answers.get(url);
  if (!answer || !fileCanAnswer(request.method, headers)) return undefined;
  if (FOR_NEXT.some((name) => headers[name] !== undefined)) return undefined;
  if (headers.accept !== undefined && /markdown/i.test(headers.accept)) return undefined;
  return answer;
}
