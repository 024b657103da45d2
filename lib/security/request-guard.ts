import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_HEADERS, SHARED_HEADERS } from '@/lib/http/shared-headers';
import { type DirectAnswer, unroutedMethodAnswer } from '@/lib/http/unrouted-method';
import { readNodeBody } from '@/lib/http/body';
import { boundedUserAgent } from '@/lib/http/user-agent';
import {
  ACTION_BODY_LIMIT,
  type ActionBodyKind,
  actionBodyKind,
  checkActionBody,
  replayRequest,
} from '@/lib/security/action-body';
import { forbiddenHostError } from '@/lib/security/allowed-host';
import { rewriteForwardedHeaders } from '@/lib/security/trusted-forwarding';
import { checkRequestLine } from '@/lib/security/request-line';
import { pathOf, repairRequestTarget } from '@/lib/security/request-target';
import { type Refusal, refuseServerAction } from '@/lib/security/server-actions';

export interface GuardOptions {
  trustProxy: boolean;
  /** Whether a Host header names this site (lib/security/allowed-host.ts). */
  isSiteHost: (host: string | undefined) => boolean;
  /** The build's Server Action ids (undefined: not known, every id passes to Next). */
  serverActionIds?: ReadonlySet<string>;
  /** As `next start` sends proxy.ts's same answer (lib/server/load-build.ts); without it, shared headers only. */
  nextHeadersFor?: NextHeadersFor;
}

/** The headers of an answer the guard writes on `pathname`: the answer's `own`, and what Next adds there. */
export type NextHeadersFor = (pathname: string, own: Record<string, string>) => Record<string, string>;

const sharedAndOwn: NextHeadersFor = (_pathname, own) => ({ ...SHARED_HEADERS, ...own });

/**
 * The first step of the project's server for every request: the request line and Host are checked and an
 * absolute-form target put in origin form (lib/security/request-line.ts); a request for another site's name (DNS
 * rebinding) is refused with the envelope (lib/security/allowed-host.ts); a method Next routes nowhere (TRACE,
 * PROPFIND, …) is answered here (lib/http/unrouted-method.ts); the User-Agent is bounded (lib/http/user-agent.ts);
 * the forwarding headers are made trustworthy (lib/security/trusted-forwarding.ts) and the path decodable
 * (request-target.ts); a forged cross-site form submission or an unknown form action is refused
 * (server-actions.ts), and a form submission's body is checked before Next decodes it (action-body.ts). Gives the
 * request to serve, or undefined when the guard has answered it; only a form submission, whose body must be read
 * first, waits (for a replay of the request).
 */
export function guardRequest(
  request: IncomingMessage,
  response: ServerResponse,
  options: GuardOptions,
): IncomingMessage | undefined | Promise<IncomingMessage | undefined> {
  const line = checkRequestLine(request);
  if (!line.ok) return refuse(request, response, { status: 400, message: line.message });
  const headersFor = options.nextHeadersFor ?? sharedAndOwn;
  if (!options.isSiteHost(request.headers.host)) return refuseHost(request, response, headersFor);
  if (request.url === '*') return answer(request, response, headersFor('*', SERVER_OPTIONS.headers), SERVER_OPTIONS);
  const pathname = pathOf(request.url);
  const unrouted = unroutedMethodAnswer(request.method ?? '', pathname);
  if (unrouted) return answer(request, response, headersFor(pathname, unrouted.headers), unrouted);
  const userAgent = request.headers['user-agent'];
  if (userAgent) request.headers['user-agent'] = boundedUserAgent(userAgent);
  rewriteForwardedHeaders(request.headers, request.socket.remoteAddress, options.trustProxy);
  if (request.url) request.url = repairRequestTarget(request.url);
  const refusal = refuseServerAction(request.method, request.url, request.headers, options.serverActionIds);
  if (refusal) return refuse(request, response, refusal);
  const bodyKind = actionBodyKind(request.method, request.url, request.headers);
  return bodyKind ? checkedForm(bodyKind, request, response) : request;
}

/** `OPTIONS *` (RFC 9110 9.3.7) asks what the server as a whole supports: every method some path here has. */
const SERVER_OPTIONS: DirectAnswer = {
  status: 204,
  headers: { Allow: 'GET, HEAD, POST, DELETE, OPTIONS' },
  body: '',
};

/**
 * A form submission's body is read here, checked (action-body.ts), and handed to Next as if it came off the
 * socket; an unreadable one is refused with 400, one past Next's limit with 413, so Next never answers 500 for it.
 */
async function checkedForm(
  kind: ActionBodyKind,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<IncomingMessage | undefined> {
  const body = await readNodeBody(request, ACTION_BODY_LIMIT);
  if (body === undefined) return undefined;
  if (body.length > ACTION_BODY_LIMIT) {
    return refuse(request, response, {
      status: 413,
      message: `Content Too Large: a form submission is limited to ${ACTION_BODY_LIMIT / 1024 / 1024} MB. Nothing was sent.`,
    });
  }
  const refusal = await checkActionBody(kind, request.headers, body);
  return refusal ? refuse(request, response, refusal) : replayRequest(request, body);
}

/** 403 FORBIDDEN_HOST with the envelope and the headers `next start` sends with proxy.ts's same refusal. */
function refuseHost(request: IncomingMessage, response: ServerResponse, headersFor: NextHeadersFor): undefined {
  request.resume();
  const pathname = pathOf(request.url);
  const headers = headersFor(pathname, {
    ...API_HEADERS,
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
  });
  response.writeHead(403, headers).end(JSON.stringify(forbiddenHostError(request.headers.host).toBody()));
  return undefined;
}

/** Writes an answer of the guard's own with the headers `next start` sends with proxy.ts's same answer. */
function answer(
  request: IncomingMessage,
  response: ServerResponse,
  headers: Record<string, string>,
  direct: DirectAnswer,
): undefined {
  request.resume();
  response.writeHead(direct.status, headers);
  response.end(direct.body);
  return undefined;
}

/**
 * Answers a refused request with the headers next.config.ts gives every response, and the API's policy (plain
 * text is no document to run).
 */
function refuse(request: IncomingMessage, response: ServerResponse, refusal: Refusal): undefined {
  request.resume();
  response.writeHead(refusal.status, {
    ...SHARED_HEADERS,
    ...API_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...refusal.headers,
  });
  response.end(`${refusal.message}\n`);
  return undefined;
}
