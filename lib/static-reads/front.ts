import { IncomingMessage, Server, ServerResponse } from 'node:http';
import { type StaticAnswers, acceptsGzip, answerFor, matchesIfNoneMatch } from './answers';

const INSTALLED = Symbol.for('consultancy-site:static-reads-front');

/**
 * Answers the static reads (lib/static-reads/catalog.ts) at the HTTP layer, before Next (issue 6): the bytes
 * `next build` wrote, held in memory with every header the route sends, gzip when the client takes it, and 304
 * for a matching If-None-Match. A request no static answer fits (another path, method or Accept, a Range) goes
 * on to Next untouched. Next's own static file server costs most of Next's pipeline per request (resolving
 * routes, rewrites and header rules), which kept these reads under the benchmark's floor; here a request costs a
 * map lookup. Installed once per process at start-up, inside the request guard (which runs first).
 */
export function serveStaticReads(answers: StaticAnswers): void {
  const proto = Server.prototype as Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  const emit: (this: Server, event: string, ...args: unknown[]) => boolean = proto.emit;
  proto.emit = function staticReadsEmit(this: Server, event: string, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [request, response] = args;
      if (request instanceof IncomingMessage && response instanceof ServerResponse) {
        const answer = answerFor(answers, request.method, request.url, request.headers);
        if (answer) {
          const variant = answer.gzip && acceptsGzip(request.headers['accept-encoding'] as string | undefined) ? answer.gzip : answer.identity;
          if (matchesIfNoneMatch(request.headers['if-none-match'], variant.etag)) response.writeHead(304, variant.notModified).end();
          else if (request.method === 'HEAD') response.writeHead(200, variant.headers).end();
          else response.writeHead(200, variant.headers).end(variant.body);
          return true;
        }
      }
    }
    return emit.call(this, event, ...args);
  };
  proto[INSTALLED] = true;
}
