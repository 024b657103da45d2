import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { API_HEADERS, SHARED_HEADERS } from '@/lib/http/shared-headers';
import { readNodeBody } from '@/lib/http/body';
import { type DirectAnswer, unroutedMethodAnswer } from '@/lib/http/unrouted-method';
import {
  ACTION_BODY_LIMIT,
  type ActionBodyKind,
  actionBodyKind,
  checkActionBody,
  replayRequest,
} from '@/lib/security/action-body';
import { admitOnConnection } from '@/lib/security/connection-limits';
import { rewriteForwardedHeaders } from '@/lib/security/trusted-forwarding';
import { checkRequestLine } from '@/lib/security/request-line';
import { pathOf, repairRequestTarget } from '@/lib/security/request-target';
import { type Refusal, refuseServerAction } from '@/lib/security/server-actions';

interface GuardOptions {
  trustProxy: boolean;
  /** The build's Server Action ids (undefined: not known, every id passes to Next). */
  serverActionIds?: ReadonlySet<string>;
}

type NextHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * The project's server, request by request: what only the raw socket can do, then Next for everything else
 * (proxy.ts holds the request rules). The connection's limit of unread answers (connection-limits.ts); the request
 * line and Host checked and an absolute-form target put in origin form (request-line.ts); the forwarding headers
 * made trustworthy from the socket's peer (trusted-forwarding.ts) and the path decodable (request-target.ts); a
 * forged or unknown form action refused (server-actions.ts), and a form submission's body read, bounded and checked
 * before Next decodes it (action-body.ts), then handed on as if it came off the socket.
 */
export function guardedRequests(options: GuardOptions, next: NextHandler): RequestListener {
  return (request, response) => {
    if (!admitOnConnection(request, response)) return;
    const serve = (checked: IncomingMessage | undefined) => (checked ? next(checked, response) : undefined);
    Promise.resolve(guardRequest(request, response, options))
      .then(serve)
      .catch((error: unknown) => {
        console.error('[server] a request failed before an answer was written', error);
        if (response.headersSent) response.destroy();
        else response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal Server Error\n');
      });
  };
}

/** The request to hand to Next, or undefined when the guard has answered it; only a form submission waits. */
function guardRequest(
  request: IncomingMessage,
  response: ServerResponse,
  options: GuardOptions,
): IncomingMessage | undefined | Promise<IncomingMessage | undefined> {
  const line = checkRequestLine(request);
  if (!line.ok) return refuse(request, response, { status: 400, message: line.message });
  if (request.url === '*') return answerServerOptions(request, response);
  const unroutable = FETCH_FORBIDDEN_METHODS.has(request.method ?? '')
    ? unroutedMethodAnswer(request.method ?? '', pathOf(request.url))
    : undefined;
  if (unroutable) return answer(request, response, unroutable);
  rewriteForwardedHeaders(request.headers, request.socket.remoteAddress, options.trustProxy);
  if (request.url) request.url = repairRequestTarget(request.url);
  const refusal = refuseServerAction(request.method, request.url, request.headers, options.serverActionIds);
  if (refusal) return refuse(request, response, refusal);
  const bodyKind = actionBodyKind(request.method, request.url, request.headers);
  return bodyKind ? checkedForm(bodyKind, request, response) : request;
}

/**
 * Methods a Web Request cannot carry (the Fetch standard forbids them), so Next fails on them before proxy.ts runs:
 * answered here as proxy.ts answers every other method no route has (lib/http/unrouted-method.ts).
 */
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * `OPTIONS *` (RFC 9110 9.3.7) asks what the server as a whole supports: every method some path here has. Next
 * routes paths only, so the guard answers it.
 */
function answerServerOptions(request: IncomingMessage, response: ServerResponse): undefined {
  return answer(request, response, { status: 204, headers: { Allow: 'GET, HEAD, POST, DELETE, OPTIONS' }, body: '' });
}

/** Writes an answer of the guard's own, with the headers next.config.ts gives every response. */
function answer(request: IncomingMessage, response: ServerResponse, direct: DirectAnswer): undefined {
  request.resume();
  response.writeHead(direct.status, { ...SHARED_HEADERS, ...direct.headers }).end(direct.body);
  return undefined;
}

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
