import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { matchesIfNoneMatch, strongEtag } from '@/lib/http/conditional';
import { acceptsGzip } from '@/lib/http/negotiate';

/**
 * An answer made once and sent many times by the fast path (lib/server/fast-path.ts): the bytes, a gzip copy
 * where Next would compress, a strong ETag per encoding, and the headers of a 200 and of a 304. Made from Next's
 * own answers, recorded at start-up (replay.ts).
 */

/** Header names in lower case, a value per line where Next sends a field more than once. */
export type AnswerHeaders = Record<string, string | string[]>;

/** One encoding of an answer: the headers of a 200 (and of a 304, which has no body), and the body. */
export interface Variant {
  etag: string;
  body: Buffer;
  headers: AnswerHeaders;
  notModified: AnswerHeaders;
}

export interface CachedAnswer {
  identity: Variant;
  /** Only where Next compresses: its Vary names Accept-Encoding and the body has COMPRESS_FROM bytes or more. */
  gzip?: Variant;
}

/** Next compresses bodies of 1 KiB and more (the `compression` package's threshold). */
export const COMPRESS_FROM = 1024;

function variant(body: Buffer, base: AnswerHeaders, encoding?: 'gzip'): Variant {
  const etag = strongEtag(body, encoding ? '-gz' : '');
  const { 'content-type': _type, ...rest } = base;
  return {
    etag,
    body,
    headers: {
      ...base,
      etag,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': String(body.length),
    },
    notModified: { ...rest, etag },
  };
}

/**
 * The answer of `body` with the headers Next sent with it. The `compression` package Next uses names
 * Accept-Encoding in Vary for every type it would compress, so that is where a gzip copy is made.
 */
export function cachedAnswer(body: Buffer, headers: AnswerHeaders): CachedAnswer {
  const compress = body.length >= COMPRESS_FROM && /(^|,)\s*accept-encoding\s*(,|$)/i.test(String(headers.vary ?? ''));
  return {
    identity: variant(body, headers),
    ...(compress ? { gzip: variant(gzipSync(body, { level: 9 }), headers, 'gzip') } : {}),
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

/** Sends the answer: gzip when the client takes it, 304 for a matching If-None-Match, no body for HEAD. */
export function writeCachedAnswer(answer: CachedAnswer, request: IncomingMessage, response: ServerResponse): void {
  const chosen = answer.gzip && acceptsGzip(request.headers['accept-encoding']) ? answer.gzip : answer.identity;
  if (matchesIfNoneMatch(request.headers['if-none-match'], chosen.etag))
    response.writeHead(304, chosen.notModified).end();
  else if (request.method === 'HEAD') response.writeHead(200, chosen.headers).end();
  else response.writeHead(200, chosen.headers).end(chosen.body);
}
