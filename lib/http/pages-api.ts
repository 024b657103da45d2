import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerOptions, methodNotAllowed, refuseMethod, toErrorResponse } from './route';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
const isMethod = (method: string): method is Method => (METHODS as readonly string[]).includes(method);
type Params = Record<string, string | string[] | undefined>;
/** A route handler as the App Router calls it: what apiRoute (lib/http/route.ts) returns. */
type RouteHandler = (request: Request, context: { params: Promise<Params> }) => Promise<Response>;

/** More than any API route reads (MCP takes 64 KiB): the handlers' own limits answer 413 past theirs. */
const BODY_CAP = 64 * 1024 + 1;

/** Serves one request with Node's request and response; `params` are the route's path parameters. */
export type NodeRoute = (req: IncomingMessage, res: ServerResponse, params: Params) => Promise<void>;

/**
 * Serves the API's route handlers (Web Request in, Response out, through apiRoute) to Node's request and
 * response; `handlers` are the methods the route has, and every other method is refused with the envelope. Issue 6 measured why: on this machine an App Router route handler answers about 1,000 requests a
 * second and a Pages Router API route about 2,500, for the same trivial POST; the tool calls and MCP are the API's
 * hot dynamic paths. This keeps everything else the same: the handlers, the envelope, the quotas, and what the App
 * Router does on its own (HEAD from GET, OPTIONS 204 with Allow). Served by a Pages Router API route
 * (pagesApiRoute) and, after start-up, straight from the HTTP layer (lib/http/front-door.ts).
 */
export function nodeRoute(handlers: Partial<Record<Method, RouteHandler>>): NodeRoute {
  const allowed = METHODS.filter((method) => handlers[method]);
  const options = answerOptions(allowed);
  // Every other method is refused with the envelope.
  const refuse = refuseMethod(allowed);
  return async function handle(req, res, params): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'OPTIONS') {
      await send(await options(), res, true);
      return;
    }
    if (method !== 'HEAD' && !isMethod(method)) {
      // TRACE, PROPFIND…: Node parses them, but a Web Request cannot carry them (undici refuses TRACE and CONNECT).
      const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
      await send(toErrorResponse(methodNotAllowed(method, pathname, allowed), randomUUID()), res, false);
      return;
    }
    const handler = (method === 'HEAD' ? handlers.GET : handlers[method]) ?? refuse;
    const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
      method,
      headers: toHeaders(req.headers),
      body: method === 'GET' || method === 'HEAD' ? undefined : await readCapped(req),
    });
    await send(await handler(request, { params: Promise.resolve(params) }), res, method === 'HEAD');
  };
}

/** A Pages Router API route serving `route`, its path parameters taken from Next's `req.query`. */
export function pagesApiRoute(route: NodeRoute, paramNames: readonly string[] = []) {
  return (req: IncomingMessage & { query?: Params }, res: ServerResponse): Promise<void> =>
    route(req, res, Object.fromEntries(paramNames.map((name) => [name, req.query?.[name]])));
}

function toHeaders(incoming: IncomingMessage['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/** The request body, at most BODY_CAP bytes: enough for every handler to apply its own limit. */
function readCapped(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData);
      const body = new Uint8Array(Math.min(size, BODY_CAP));
      let offset = 0;
      for (const chunk of chunks) {
        if (offset >= body.length) break;
        body.set(chunk.subarray(0, body.length - offset), offset);
        offset += chunk.length;
      }
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= BODY_CAP) {
        req.off('end', done);
        done();
      }
    };
    req.on('data', onData);
    req.once('end', done);
    req.once('error', reject);
  });
}

/** Writes a Response to Node's response: status, headers, then the body (streamed when it is an event stream). */
async function send(response: Response, res: ServerResponse, headOnly: boolean): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (headOnly || !response.body) {
    res.end();
    return;
  }
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    res.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) res.write(part.value);
  res.end();
}
