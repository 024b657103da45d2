import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { configHeadersFor } from '../http/shared-headers';
import { type HeaderCondition, STATIC_READS, type StaticRead } from './catalog';

/**
 * The static reads' answers, made once at start-up from the files `next build` wrote (lib/static-reads/bodies.ts):
 * each read's bytes, a gzip copy when the body is worth compressing, an ETag per encoding, and every header the
 * route would send. `answerFor` picks the answer for a request, or none when the route must answer; front.ts
 * writes it. Pure functions, no server: the unit tests call them directly.
 */

/** One encoding of a read: the headers of a 200 (and of a 304, which has no body), and the body. */
export interface Variant {
  etag: string;
  body: Buffer;
  headers: Record<string, string>;
  notModified: Record<string, string>;
}

export interface StaticAnswer {
  read: StaticRead;
  identity: Variant;
  /** Absent for bodies under COMPRESS_FROM bytes, as Next's own compression leaves them. */
  gzip?: Variant;
}

/** A read's conditions, compiled as Next compiles a rewrite's `has` and `missing` (anchored regular expressions). */
interface Compiled {
  answer: StaticAnswer;
  has: [string, RegExp][];
  missing: [string, RegExp][];
}

export type StaticAnswers = ReadonlyMap<string, readonly Compiled[]>;

/** Next compresses bodies of 1 KiB and more (the `compression` package's threshold). */
const COMPRESS_FROM = 1024;
/** The build's record of the SITE_URL the files were made for (their URLs are absolute). */
export const SITE_URL_FILE = 'SITE_URL';

/** Where `next build` writes the static reads: inside the dist dir, outside what Next serves. */
export function staticReadsDir(distDir: string): string {
  return path.join(distDir, 'static-reads');
}

function etagOf(body: Buffer, suffix: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${suffix}"`;
}

/** `varies`: the read has a gzip copy, so its answers depend on Accept-Encoding too. */
function variant(body: Buffer, base: Record<string, string>, varies: boolean, encoding?: 'gzip'): Variant {
  const etag = etagOf(body, encoding ? '-gz' : '');
  const vary = [base.Vary, varies ? 'Accept-Encoding' : undefined].filter(Boolean).join(', ');
  const notModified: Record<string, string> = { ...base, ...(vary ? { Vary: vary } : {}), ETag: etag };
  delete notModified['Content-Type'];
  const headers = { ...base, ...(vary ? { Vary: vary } : {}), ETag: etag, ...(encoding ? { 'Content-Encoding': encoding } : {}), 'Content-Length': String(body.length) };
  return { etag, body, headers, notModified };
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
  const builtFor = fs.existsSync(path.join(dir, SITE_URL_FILE)) ? fs.readFileSync(path.join(dir, SITE_URL_FILE), 'utf8').trim() : undefined;
  if (builtFor === undefined) return {};
  const wanted = siteUrl?.replace(/\/+$/, '');
  if (builtFor !== wanted) {
    return { problem: `the static reads were built for SITE_URL=${builtFor}, but it is now ${wanted ?? 'unset'}: their routes answer them (rebuild to serve them as files).` };
  }
  const rateLimit: Record<string, string> =
    rateLimitPerMinute > 0
      ? { 'RateLimit-Limit': String(rateLimitPerMinute), 'RateLimit-Remaining': String(rateLimitPerMinute), 'RateLimit-Reset': '60', 'RateLimit-Policy': `${rateLimitPerMinute};w=60` }
      : {};
  const answers = new Map<string, Compiled[]>();
  for (const read of STATIC_READS) {
    const file = path.join(dir, read.file);
    if (!fs.existsSync(file)) return { problem: `the build has no ${read.file} among its static reads: their routes answer them (rebuild).` };
    const body = fs.readFileSync(file);
    // As next.config.ts gives them, then the route's own, as the route's answer would carry them.
    const base = {
      ...configHeadersFor(read.source),
      'Cache-Control': 'public, max-age=0, must-revalidate',
      ...read.headers,
      ...(read.api ? rateLimit : {}),
    };
    const compress = body.length >= COMPRESS_FROM;
    const answer: StaticAnswer = {
      read,
      identity: variant(body, base, compress),
      ...(compress ? { gzip: variant(gzipSync(body, { level: 9 }), base, true, 'gzip') } : {}),
    };
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

/**
 * True when a static answer may stand for the route's: GET or HEAD, without Range, If-Range, If-Match or
 * If-Unmodified-Since (the routes ignore those; a file would have to honour them). If-None-Match is honoured here.
 */
export function fileCanAnswer(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    headers.range === undefined &&
    headers['if-range'] === undefined &&
    headers['if-match'] === undefined &&
    headers['if-unmodified-since'] === undefined
  );
}

/** The answer to a request for `url` with these headers, or undefined when its route must answer it. */
export function answerFor(answers: StaticAnswers, method: string | undefined, url: string | undefined, headers: IncomingHttpHeaders): StaticAnswer | undefined {
  if (url === undefined) return undefined;
  const query = url.indexOf('?');
  const candidates = answers.get(query === -1 ? url : url.slice(0, query));
  if (!candidates || !fileCanAnswer(method, headers)) return undefined;
  return candidates.find((c) => c.has.every((condition) => holds(headers, condition)) && !c.missing.some((condition) => holds(headers, condition)))?.answer;
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

/** True when If-None-Match names this ETag (weak comparison, RFC 9110 13.1.2) or is `*`. */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
