import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { type CachedAnswer, cachedAnswer, fileCanAnswer } from '../http/cached-answer';
import { configHeadersFor } from '../http/shared-headers';
import { markdownTokensHeader } from '../markdown/tokens';
import { type HeaderCondition, STATIC_READS, type StaticRead } from './catalog';

/**
 * The static reads' answers, made once at start-up from the files `next build` wrote (lib/static-reads/bodies.ts):
 * each read's bytes with every header the route would send (lib/http/cached-answer.ts adds the gzip copy and the
 * ETags). `answerFor` picks the answer for a request, or none when the route must answer; front.ts writes it.
 * Pure functions, no server: the unit tests call them directly.
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

/** The build's record of the SITE_URL the files were made for (their URLs are absolute). */
export const SITE_URL_FILE = 'SITE_URL';

/** Where `next build` writes the static reads: inside the dist dir, outside what Next serves. */
export function staticReadsDir(distDir: string): string {
  return path.join(distDir, 'static-reads');
}

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
  if (builtFor === undefined) return {};
  const wanted = siteUrl?.replace(/\/+$/, '');
  if (builtFor !== wanted) {
    return {
      problem: `the static reads were built for SITE_URL=${builtFor}, but it is now ${wanted ?? 'unset'}: their routes answer them (rebuild to serve them as files).`,
    };
  }
  const rateLimit: Record<string, string> =
    rateLimitPerMinute > 0
      ? {
          'RateLimit-Limit': String(rateLimitPerMinute),
          'RateLimit-Remaining': String(rateLimitPerMinute),
          'RateLimit-Reset': '60',
          'RateLimit-Policy': `${rateLimitPerMinute};w=60`,
        }
      : {};
  const answers = new Map<string, Compiled[]>();
  for (const read of STATIC_READS) {
    const file = path.join(dir, read.file);
    if (!fs.existsSync(file))
      return { problem: `the build has no ${read.file} among its static reads: their routes answer them (rebuild).` };
    const body = fs.readFileSync(file);
    // As next.config.ts gives them, then the route's own, as the route's answer would carry them.
    const base = {
      ...configHeadersFor(read.source),
      'Cache-Control': 'public, max-age=0, must-revalidate',
      ...read.headers,
      ...(read.api ? rateLimit : {}),
      // A page's markdown carries its token estimate, as lib/markdown/route.ts sends it.
      ...(!read.api && read.headers['Content-Type']?.startsWith('text/markdown')
        ? markdownTokensHeader(body.toString('utf8'))
        : {}),
    };
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
