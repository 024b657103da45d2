import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { matchesIfNoneMatch, strongEtag } from '@/lib/http/conditional';
import { acceptsGzip } from '@/lib/http/negotiate';

/** Header names in lower case, a value per line where Next sends a field more than once. */
export type AnswerHeaders = Record<string, string | string[]>;

/** One encoding of an answer: the headers of a 200 (and of a 304, which has no body), and the body. */
interface Variant {
  etag: string;
  body: Buffer;
  headers: AnswerHeaders;
  notModified: AnswerHeaders;
}

/** One of Next's answers, recorded at start-up and sent many times: Next's gzip too where it compresses, an ETag each. */
export interface CachedAnswer {
  identity: Variant;
  gzip?: Variant;
}

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

/** The answer Next sent to a request that takes gzip: where Next compressed it, both encodings, else the one. */
export function cachedAnswer(body: Buffer, headers: AnswerHeaders): CachedAnswer {
  const { 'content-encoding': encoding, ...plain } = headers;
  if (encoding !== 'gzip') return { identity: variant(body, plain) };
  return { identity: variant(gunzipSync(body), plain), gzip: variant(body, plain, 'gzip') };
}

const UNHONOURED_PRECONDITIONS = ['range', 'if-range', 'if-match', 'if-unmodified-since'] as const;

/** True when a cached answer may stand for the route's: the routes ignore these preconditions, an answer would not. */
export function fileCanAnswer(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  return (
    (method === 'GET' || method === 'HEAD') && UNHONOURED_PRECONDITIONS.every((name) => headers[name] === undefined)
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
