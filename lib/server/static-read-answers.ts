import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { GENERAL_QUOTA_WINDOW_SECONDS } from '@/lib/http/api-route';
import { CACHE_READ } from '@/lib/http/cache-control';
import { rateLimitHeaders } from '@/lib/http/quota';
import { configHeadersFor } from '@/lib/http/shared-headers';
import { markdownTokensHeader } from '@/lib/markdown/tokens';
import { headersAsNextSends } from '@/lib/next/build-output';
import { type HeaderCondition, SITE_URL_FILE, STATIC_READS, type StaticRead } from '@/lib/static-reads/catalog';
import { type CachedAnswer, cachedAnswer, fileCanAnswer } from './cached-answer';

/**
 * The static reads' answers (lib/static-reads/catalog.ts), made once at start-up from the files `npm run build`
 * wrote (lib/static-reads/bodies.ts): each read's bytes with every header its route sends under `next start`
 * (cached-answer.ts adds the gzip copy and the ETags). `answerFor` picks the answer for a request, or none when
 * the route must answer. Pure functions, no server: the unit tests call them directly.
 */

export interface StaticAnswer extends CachedAnswer {
  read: StaticRead;
}

/** A read's conditions, compiled as Next compiles a rewrite's `has` and `missing` (anchored regular expressions). */
interface Compiled {
  answer: StaticAnswer;
  has: [string, RegExp][];
  missing: [string, RegExp][];
}

export type StaticAnswers = ReadonlyMap<string, readonly Compiled[]>;

/**
 * The answers of every read whose file the build wrote for `siteUrl`, with the RateLimit headers of an unmetered
 * read (the general policy at its full allowance; none when the quota is off). Undefined when there are no files,
 * or they were built for another SITE_URL (`problem` says which), so that the routes answer.
 */
export function loadStaticAnswers(
  dir: string,
  siteUrl: string | undefined,
  rateLimitPerMinute: number,
): { answers?: StaticAnswers; problem?: string } {
  const builtFor = fs.existsSync(path.join(dir, SITE_URL_FILE))
    ? fs.readFileSync(path.join(dir, SITE_URL_FILE), 'utf8').trim()
    : undefined;
  const wanted = siteUrl?.replace(/\/+$/, '');
  if (builtFor === undefined) {
    return wanted
      ? {
          problem: `SITE_URL is ${wanted}, but the build has no static reads (it was made without SITE_URL): their routes answer them. Run npm run build with SITE_URL set to serve them from memory.`,
        }
      : {};
  }
  if (builtFor !== wanted) {
    return {
      problem: `the static reads were built for SITE_URL=${builtFor}, but it is now ${wanted ?? 'unset'}: their routes answer them (rebuild to serve them as files).`,
    };
  }
  const window = GENERAL_QUOTA_WINDOW_SECONDS;
  const rateLimit =
    rateLimitPerMinute > 0
      ? rateLimitHeaders({
          limit: rateLimitPerMinute,
          remaining: rateLimitPerMinute,
          reset: window,
          windowSeconds: window,
          allowed: true,
        })
      : {};
  const answers = new Map<string, Compiled[]>();
  for (const read of STATIC_READS) {
    const file = path.join(dir, read.file);
    if (!fs.existsSync(file))
      return { problem: `the build has no ${read.file} among its static reads: their routes answer them (rebuild).` };
    const body = fs.readFileSync(file);
    // As next.config.ts gives them, then the route's own, as the route's answer would carry them.
    const base = headersAsNextSends(configHeadersFor(read.source), {
      'Cache-Control': CACHE_READ,
      ...read.headers,
      ...(read.api ? rateLimit : {}),
      // A page's markdown carries its token estimate, as lib/markdown/responses.ts sends it.
      ...(!read.api && read.headers['Content-Type']?.startsWith('text/markdown')
        ? markdownTokensHeader(body.toString('utf8'))
        : {}),
    });
    const answer: StaticAnswer = { read, ...cachedAnswer(body, base) };
    const list = answers.get(read.source) ?? [];
    list.push({ answer, has: compile(read.has), missing: compile(read.missing) });
    answers.set(read.source, list);
  }
  return { answers };
}

function compile(conditions: readonly HeaderCondition[] = []): [string, RegExp][] {
  return conditions.map((condition) => [condition.key.toLowerCase(), new RegExp(`^(?:${condition.value ?? '.*'})$`)]);
}

/** As Next tests a `has`/`missing` header condition: present and, when a value is given, matching it whole. */
function holds(headers: IncomingHttpHeaders, [key, pattern]: [string, RegExp]): boolean {
  const value = headers[key];
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last !== undefined && last !== '' && pattern.test(last);
}

/** The answer to a request for `url` with these headers, or undefined when its route must answer it. */
export function answerFor(
  answers: StaticAnswers,
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
): StaticAnswer | undefined {
  if (url === undefined) return undefined;
  const query = url.indexOf('?');
  const candidates = answers.get(query === -1 ? url : url.slice(0, query));
  if (!candidates || !fileCanAnswer(method, headers)) return undefined;
  return candidates.find(
    (c) =>
      c.has.every((condition) => holds(headers, condition)) &&
      !c.missing.some((condition) => holds(headers, condition)),
  )?.answer;
}
