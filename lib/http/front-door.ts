import { randomUUID } from 'node:crypto';
import { IncomingMessage, Server, ServerResponse } from 'node:http';
import { type PageAnswers, pageAnswerFor } from '@/lib/prerendered/pages';
import type { StaticAnswers } from '@/lib/static-reads/answers';
import { answerStaticRead } from '@/lib/static-reads/front';
import { MCP_ROUTE, TOOL_ROUTE } from './api-routes';
import { writeCachedAnswer } from './cached-answer';
import type { NodeRoute } from './pages-api';
import { toErrorResponse } from './route';
import { configHeadersFor } from './shared-headers';

const INSTALLED = Symbol.for('consultancy-site:front-door');

/** The API paths served here: exactly these, so anything else (a trailing slash, an encoded name) reaches Next. */
export function apiRouteFor(
  url: string | undefined,
): { route: NodeRoute; pathname: string; params: Record<string, string> } | undefined {
  if (url === undefined) return undefined;
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  if (pathname === '/api/mcp') return { route: MCP_ROUTE, pathname, params: {} };
  const tool = /^\/api\/agent\/tools\/([A-Za-z0-9_-]+)$/.exec(pathname)?.[1];
  return tool === undefined ? undefined : { route: TOOL_ROUTE, pathname, params: { tool } };
}

/** What the front door answers from; either part may be missing (then Next answers those requests). */
export interface FrontDoorAnswers {
  staticReads?: StaticAnswers;
  pages?: PageAnswers;
}

/**
 * The front door (issue 6): once the server has started, the requests whose answer needs nothing of Next are
 * answered at the HTTP layer, before Next's router: the static reads and the prerendered HTML pages from memory
 * (lib/static-reads/front.ts, lib/prerendered/pages.ts), and the tool calls and MCP by the same handlers their
 * Pages Router API routes run (lib/http/api-routes.ts), with the headers next.config.ts would add
 * (lib/http/shared-headers.ts). Next's per-request pipeline (resolving routes, rewrites and header rules, then its
 * API runtime) costs more than these handlers themselves: a tool call went from about 0.025 of the benchmark's
 * limit to about 0.1 (README, "Performance").
 *
 * A door starts closed: until `open()`, it answers nothing, and every request goes to Next, which holds it until
 * start-up code has finished. startServer opens it last, once the embedded inbox and the Redis stores are ready,
 * so that no tool call or MCP session is ever served by this process's memory stores while Redis is configured.
 */
export class FrontDoor {
  private isOpen = false;

  constructor(private readonly answers: FrontDoorAnswers) {}

  open(): void {
    this.isOpen = true;
  }

  /** Answers the request and says true, or says false and leaves it untouched for Next. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.isOpen) return false;
    const { staticReads, pages } = this.answers;
    if (staticReads && answerStaticRead(staticReads, request, response)) return true;
    const page = pages && pageAnswerFor(pages, request);
    if (page) {
      writeCachedAnswer(page, request, response);
      return true;
    }
    const api = apiRouteFor(request.url);
    if (!api) return false;
    serveApi(api.route, api.pathname, api.params, request, response);
    return true;
  }
}

/**
 * Puts the door in front of every HTTP server in this process (Node's `Server.prototype.emit`, not Next
 * internals). Installed once per process, inside the request guard, which runs first. Under `next dev`, or with
 * FRONT_DOOR=false, nothing is installed (tests/integration/front-door.test.ts checks both answer alike).
 */
export function installFrontDoor(door: FrontDoor): void {
  const proto = Server.prototype as Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  const emit: (this: Server, event: string, ...args: unknown[]) => boolean = proto.emit;
  proto.emit = function frontDoorEmit(this: Server, event: string, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [request, response] = args;
      if (request instanceof IncomingMessage && response instanceof ServerResponse && door.answer(request, response))
        return true;
    }
    return emit.call(this, event, ...args);
  };
  proto[INSTALLED] = true;
}

function serveApi(
  route: NodeRoute,
  pathname: string,
  params: Record<string, string>,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  for (const [name, value] of Object.entries(configHeadersFor(pathname))) response.setHeader(name, value);
  route(request, response, params).catch(async (error: unknown) => {
    // apiRoute turns every handler error into the envelope; what is left is the connection failing mid-way.
    if (response.headersSent || response.destroyed || request.destroyed) {
      response.destroy();
      return;
    }
    const answer = toErrorResponse(error, randomUUID());
    response.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
  });
}
