import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeCachedAnswer } from '@/lib/http/cached-answer';
import { type StaticAnswers, answerFor } from './answers';

/**
 * Answers a static read (lib/static-reads/catalog.ts) from memory, before Next (issue 6), when one fits the
 * request: the bytes `next build` wrote, with every header the route sends, gzip when the client takes it, and
 * 304 for a matching If-None-Match. Returns false, having done nothing, when none fits (another path, method or
 * Accept, a Range): the request goes on. Called by the front door (lib/http/front-door.ts) for every request,
 * so it costs a map lookup. Next's own static file server, which served these before, spends most of Next's
 * pipeline per request (resolving routes, rewrites and header rules) and stayed under the benchmark's floor.
 */
export function answerStaticRead(answers: StaticAnswers, request: IncomingMessage, response: ServerResponse): boolean {
  const answer = answerFor(answers, request.method, request.url, request.headers);
  if (!answer) return false;
  writeCachedAnswer(answer, request, response);
  return true;
}
