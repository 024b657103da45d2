import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TOOL_ENDPOINT } from '@/lib/agent/tool-endpoint';
import type { Endpoint } from '@/lib/http/api-route';
import { methodNotAllowed, toErrorResponse } from '@/lib/http/api-route';
import { MCP_ENDPOINT } from '@/lib/mcp/endpoint';
import { MCP_PATH, toolPath } from '@/lib/http/api-paths';
import { pathOf } from '@/lib/security/request-target';
import { TOOLS } from '@/lib/agent/tools';
import { type AddedByNext, withNextAdditions } from './added-by-next';
import { writeCachedAnswer } from './cached-answer';
import { isWebMethod, toWebRequest, writeWebResponse } from './node-web';
import { type ReplayedAnswers, replayedAnswerFor } from './replayed-answers';

/** An API path the fast path serves, with its endpoint and path parameters. */
interface EndpointMatch {
  endpoint: Endpoint;
  pathname: string;
  params: Record<string, string>;
}

/**
 * The endpoints the fast path calls itself, each at exactly the paths of its App Router route (so anything else, a
 * trailing slash or an encoded name, reaches Next), with one of them to ask Next about at start-up.
 */
export const FAST_ENDPOINTS: readonly { endpoint: Endpoint; pattern: RegExp; probePath: string }[] = [
  { endpoint: MCP_ENDPOINT, pattern: new RegExp(`^${MCP_PATH}$`), probePath: MCP_PATH },
  {
    endpoint: TOOL_ENDPOINT,
    pattern: new RegExp(`^${toolPath('(?<tool>[A-Za-z0-9_-]+)')}$`),
    probePath: toolPath(TOOLS[0].slug),
  },
];

export function endpointFor(url: string | undefined): EndpointMatch | undefined {
  if (url === undefined) return undefined;
  const pathname = pathOf(url);
  for (const { endpoint, pattern } of FAST_ENDPOINTS) {
    const match = pattern.exec(pathname);
    if (match) return { endpoint, pathname, params: { ...match.groups } };
  }
  return undefined;
}

/**
 * What the fast path answers from, all taken from Next at start-up: its recorded answers, and what it adds to each
 * endpoint's own answers. A part missing (Next failed to answer it) leaves those requests to Next.
 */
export interface FastPathAnswers {
  replayed?: ReplayedAnswers;
  endpoints?: ReadonlyMap<Endpoint, AddedByNext>;
}

/**
 * The requests whose answer needs nothing of Next's router, answered by the project's server before Next: the
 * answers Next gave at start-up, from memory (replayed-answers.ts), and the tool calls and MCP by the route
 * handlers their App Router routes export (lib/agent/tool-endpoint.ts, lib/mcp/endpoint.ts), with what Next adds
 * to them (added-by-next.ts). Next's per-request pipeline costs more than these answers themselves (bench/README.md).
 */
export class FastPath {
  constructor(private readonly answers: FastPathAnswers) {}

  /** Answers the request and says true, or says false and leaves it untouched for Next. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const { replayed, endpoints } = this.answers;
    const cached = replayed && replayedAnswerFor(replayed, request);
    if (cached) {
      writeCachedAnswer(cached, request, response);
      return true;
    }
    const match = endpointFor(request.url);
    const added = match && endpoints?.get(match.endpoint);
    if (!match || !added) return false;
    serveEndpoint(match, added, request, response).catch((error: unknown) => {
      // apiRoute turns every handler error into the envelope; what is left is the connection failing mid-way.
      console.error('[fast path] an API answer could not be written', error);
      response.destroy();
    });
    return true;
  }
}

async function serveEndpoint(
  match: EndpointMatch,
  added: AddedByNext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const method = req.method ?? 'GET';
  let answer: Response;
  if (method === 'OPTIONS') answer = await match.endpoint.OPTIONS();
  else if (!isWebMethod(method))
    answer = toErrorResponse(methodNotAllowed(method, match.pathname, match.endpoint.allowed), randomUUID());
  else {
    const handler = method === 'HEAD' ? match.endpoint.GET : match.endpoint[method as Endpoint['allowed'][number]];
    answer = await handler(await toWebRequest(req), { params: Promise.resolve(match.params) });
  }
  await writeWebResponse(answer, res, withNextAdditions(added, answer.headers), method === 'HEAD');
}
