import type { IncomingMessage, ServerResponse } from 'node:http';
import { TOOL_ENDPOINT } from '@/lib/agent/tool-endpoint';
import type { Endpoint } from '@/lib/http/api-route';
import { MCP_ENDPOINT } from '@/lib/discovery/mcp/assembled-endpoint';
import { type FastPathEndpointPath, MCP_PATH, ROUTED_METHODS, fastPathEndpoints, toolPath } from '@/lib/http/api-paths';
import { pathOf } from '@/lib/security/request-target';
import { TOOLS } from '@/lib/agent/tools';
import { type AddedByNext, withNextAdditions } from './added-by-next';
import { writeCachedAnswer } from './cached-answer';
import { toWebRequest, writeWebResponse } from './node-web';
import { type ReplayedAnswers, replayedAnswerFor } from './replayed-answers';

/** An API path the fast path serves, with its endpoint and path parameters. */
interface EndpointMatch {
  endpoint: Endpoint;
  params: Record<string, string>;
}

/** The handler of each endpoint API_ENDPOINTS marks as the fast path's, with a path to ask Next about at start-up. */
const FAST_HANDLERS: { [P in FastPathEndpointPath]: { endpoint: Endpoint<P>; probePath: string } } = {
  [toolPath('{tool}')]: { endpoint: TOOL_ENDPOINT, probePath: toolPath(TOOLS[0].slug) },
  [MCP_PATH]: { endpoint: MCP_ENDPOINT, probePath: MCP_PATH },
};

/**
 * The endpoints the fast path calls itself (API_ENDPOINTS, lib/http/api-paths.ts), at exactly their App Router
 * route's paths: a trailing slash or an encoded name reaches Next, which redirects or decodes it.
 */
export const FAST_ENDPOINTS: readonly { endpoint: Endpoint; pattern: RegExp; probePath: string }[] =
  fastPathEndpoints().map(({ path }) => ({
    ...FAST_HANDLERS[path],
    pattern: new RegExp(`^${path.replace(/\{(\w+)\}/g, '(?<$1>[A-Za-z0-9_-]+)')}$`),
  }));

export function endpointFor(url: string | undefined): EndpointMatch | undefined {
  if (url === undefined) return undefined;
  for (const { endpoint, pattern } of FAST_ENDPOINTS) {
    const match = pattern.exec(pathOf(url));
    if (match) return { endpoint, params: { ...match.groups } };
  }
  return undefined;
}

/** What the fast path answers from, taken from Next at start-up; a part Next did not give leaves its requests to Next. */
interface FastPathAnswers {
  replayed?: ReplayedAnswers;
  endpoints?: ReadonlyMap<Endpoint, AddedByNext>;
}

/**
 * The requests that need nothing of Next's router, answered before Next because its per-request pipeline costs
 * more than they do (bench/README.md): Next's recorded answers, and the tool and MCP routes' own handlers.
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
    // The guard answers a method no route has; should one come here, proxy.ts answers it through Next.
    if (!match || !added || !ROUTED_METHODS.has(request.method ?? '')) return false;
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
  const method = req.method as Endpoint['allowed'][number] | 'HEAD' | 'OPTIONS';
  let answer: Response;
  if (method === 'OPTIONS') answer = await match.endpoint.OPTIONS();
  else {
    const request = await toWebRequest(req);
    if (!request) return void res.destroy();
    const handler = method === 'HEAD' ? match.endpoint.GET : match.endpoint[method];
    answer = await handler(request, { params: Promise.resolve(match.params) });
  }
  await writeWebResponse(answer, res, withNextAdditions(added, answer.headers), method === 'HEAD');
}
