import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TOOL_ENDPOINT } from '@/lib/agent/tool-endpoint';
import type { Endpoint } from '@/lib/http/api-route';
import { methodNotAllowed, toErrorResponse } from '@/lib/http/api-route';
import { configHeadersFor } from '@/lib/http/shared-headers';
import { MCP_ENDPOINT } from '@/lib/mcp/endpoint';
import { headersAsNextSends } from '@/lib/next/build-output';
import { type StaticAnswers, answerFor } from './static-read-answers';
import { writeCachedAnswer } from './cached-answer';
import { isWebMethod, toWebRequest, writeWebResponse } from './node-web';
import { type PageAnswers, pageAnswerFor } from './page-answers';

/** An API path the fast path serves, with its endpoint and path parameters. */
interface EndpointMatch {
  endpoint: Endpoint;
  pathname: string;
  params: Record<string, string>;
}

/** The API paths served here: exactly these, so anything else (a trailing slash, an encoded name) reaches Next. */
export function endpointFor(url: string | undefined): EndpointMatch | undefined {
  if (url === undefined) return undefined;
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  if (pathname === '/api/mcp') return { endpoint: MCP_ENDPOINT, pathname, params: {} };
  const tool = /^\/api\/agent\/tools\/([A-Za-z0-9_-]+)$/.exec(pathname)?.[1];
  return tool === undefined ? undefined : { endpoint: TOOL_ENDPOINT, pathname, params: { tool } };
}

/** What the fast path answers from; either part may be missing (then Next answers those requests). */
export interface FastPathAnswers {
  staticReads?: StaticAnswers;
  pages?: PageAnswers;
}

/**
 * The requests whose answer needs nothing of Next's router, answered by the project's server before Next: the
 * static reads and the prerendered HTML pages from memory, and the tool calls and MCP by the route handlers
 * their App Router routes export (lib/agent/tool-endpoint.ts, lib/mcp/endpoint.ts), each with the headers
 * `next start` sends with it (lib/next/build-output.ts). Next's per-request pipeline costs more than these
 * answers themselves (bench/README.md); tests/integration/serving-parity.test.ts holds both to one answer.
 */
export class FastPath {
  constructor(private readonly answers: FastPathAnswers) {}

  /** Answers the request and says true, or says false and leaves it untouched for Next. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const { staticReads, pages } = this.answers;
    const cached =
      (staticReads && answerFor(staticReads, request.method, request.url, request.headers)) ||
      (pages && pageAnswerFor(pages, request));
    if (cached) {
      writeCachedAnswer(cached, request, response);
      return true;
    }
    const match = endpointFor(request.url);
    if (!match) return false;
    serveEndpoint(match, request, response).catch((error: unknown) => {
      // apiRoute turns every handler error into the envelope; what is left is the connection failing mid-way.
      console.error('[fast path] an API answer could not be written', error);
      response.destroy();
    });
    return true;
  }
}

async function serveEndpoint(match: EndpointMatch, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? 'GET';
  const config = configHeadersFor(match.pathname);
  let answer: Response;
  if (method === 'OPTIONS') answer = await match.endpoint.OPTIONS();
  else if (!isWebMethod(method))
    answer = toErrorResponse(methodNotAllowed(method, match.pathname, match.endpoint.allowed), randomUUID());
  else {
    const handler = method === 'HEAD' ? match.endpoint.GET : match.endpoint[method as Endpoint['allowed'][number]];
    answer = await handler(await toWebRequest(req), { params: Promise.resolve(match.params) });
  }
  const own: Record<string, string> = {};
  answer.headers.forEach((value, name) => (own[name] = value));
  await writeWebResponse(answer, res, headersAsNextSends(config, own), method === 'HEAD');
}
