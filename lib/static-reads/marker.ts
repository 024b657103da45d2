import { IncomingMessage, Server } from 'node:http';

/**
 * The request header that lets next.config's static-read rewrites apply (lib/static-reads/next-config.ts).
 * Next's static file server answers only GET and HEAD: another method on a static file gets a 500, and a Range
 * or a precondition can make it answer 416 or 412 through an error page, never the API's envelope. Rewrites
 * cannot look at the method, so this header says "a file may answer": set, before Next sees the request, on a
 * GET or HEAD without Range, If-Range, If-Match or If-Unmodified-Since, and removed from every other request
 * whatever the client sent. Requests without it reach the routes as before.
 */
export const STATIC_READ_HEADER = 'x-static-read';

const INSTALLED = Symbol.for('consultancy-site:static-read-marker');

/** True when a static file would answer this request exactly as its route does. */
export function fileCanAnswer(method: string | undefined, headers: IncomingMessage['headers']): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    headers.range === undefined &&
    headers['if-range'] === undefined &&
    headers['if-match'] === undefined &&
    headers['if-unmodified-since'] === undefined
  );
}

/**
 * Marks the requests a static file may answer, once per process, at start-up (lib/startup.ts). It costs a few
 * property reads per request, at the HTTP layer, before Next: no code runs in front of the request in Next's own
 * sense (no proxy), which is what halves the throughput of every route (issue 6). A request that arrives before
 * start-up code has run carries no mark and is served by its route.
 */
export function markStaticReadRequests(): void {
  const proto = Server.prototype as Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  const emit: (this: Server, event: string, ...args: unknown[]) => boolean = proto.emit;
  proto.emit = function markedEmit(this: Server, event: string, ...args: unknown[]): boolean {
    const request = args[0];
    if (event === 'request' && request instanceof IncomingMessage) {
      if (fileCanAnswer(request.method, request.headers)) request.headers[STATIC_READ_HEADER] = '1';
      else delete request.headers[STATIC_READ_HEADER];
    }
    return emit.call(this, event, ...args);
  };
  proto[INSTALLED] = true;
}
