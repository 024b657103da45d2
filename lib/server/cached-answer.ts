import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

/**
 * An answer made once and sent many times by the fast path (lib/server/fast-path.ts): the bytes, a gzip copy
 * when the body is worth compressing, a strong ETag per encoding, and the headers of a 200 and of a 304. Used
 * for the static reads (lib/static-reads) and the prerendered pages (page-answers.ts).
 */

/** One encoding of an answer: the headers of a 200 (and of a 304, which has no body), and the body. */
export interface Variant {
  etag: string;
  body: Buffer;
  headers: Record<string, string>;
  notModified: Record<string, string>;
}

export interface CachedAnswer {
  identity: Variant;
  /** Absent for bodies under COMPRESS_FROM bytes, as Next's own compression leaves them. */
  gzip?: Variant;
}

/** Next compresses bodies of 1 KiB and more (the `compression` package's threshold). */
export const COMPRESS_FROM = 1024;

function etagOf(body: Buffer, suffix: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${suffix}"`;
}

/** `varies`: the answer has a gzip copy, so it depends on Accept-Encoding too. */
function variant(body: Buffer, base: Record<string, string>, varies: boolean, encoding?: 'gzip'): Variant {
  const etag = etagOf(body, encoding ? '-gz' : '');
  const named = base.Vary !== undefined && /(^|,)\s*accept-encoding\s*(,|$)/i.test(base.Vary);
  const vary = named ? base.Vary : [base.Vary, varies ? 'Accept-Encoding' : undefined].filter(Boolean).join(', ');
  const notModified: Record<string, string> = { ...base, ...(vary ? { Vary: vary } : {}), ETag: etag };
  delete notModified['Content-Type'];
  const headers = {
    ...base,
    ...(vary ? { Vary: vary } : {}),
    ETag: etag,
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Content-Length': String(body.length),
  };
  return { etag, body, headers, notModified };
}

/** The answer of `body` with these headers (Content-Type among them; Vary gains Accept-Encoding when compressed). */
export function cachedAnswer(body: Buffer, headers: Record<string, string>): CachedAnswer {
  const compress = body.length >= COMPRESS_FROM;
  return {
    identity: variant(body, headers, compress),
    ...(compress ? { gzip: variant(gzipSync(body, { level: 9 }), headers, true, 'gzip') } : {}),
  };
}

/**
 * True when a cached answer may stand for the route's: GET or HEAD, without Range, If-Range, If-Match or
 * If-Unmodified-Since (the routes ignore those; a cached answer would have to honour them). If-None-Match is honoured.
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

/** Sends the answer: gzip when the client takes it, 304 for a matching If-None-Match, no body for HEAD. */
export function writeCachedAnswer(answer: CachedAnswer, request: IncomingMessage, response: ServerResponse): void {
  const chosen = answer.gzip && acceptsGzip(request.headers['accept-encoding']) ? answer.gzip : answer.identity;
  if (matchesIfNoneMatch(request.headers['if-none-match'], chosen.etag))
    response.writeHead(304, chosen.notModified).end();
  else if (request.method === 'HEAD') response.writeHead(200, chosen.headers).end();
  else response.writeHead(200, chosen.headers).end(chosen.body);
}
