import { IncomingMessage, Server, type ServerResponse } from 'node:http';
import { API_HEADERS, SHARED_HEADERS } from '@/lib/http/shared-headers';
import {
  ACTION_BODY_LIMIT,
  type ActionBodyKind,
  actionBodyKind,
  checkActionBody,
  readBody,
  replayRequest,
} from './action-body';
import { forwardedForGuard, rewriteForwardedHeaders } from './forwarded-for';
import { repairRequestTarget } from './request-target';
import { type Refusal, refuseServerAction } from './server-actions';

/**
 * Puts the HTTP-level protections in front of Next, once per process, at start-up (issue 6): every incoming request
 * has its forwarding headers made trustworthy (forwarded-for.ts) and its path made decodable (request-target.ts),
 * a forged cross-site form submission or an unknown form action is refused (server-actions.ts), and a form
 * submission's body is checked before Next decodes it (action-body.ts), before any listener sees it.
 * `knownActions` are the build's Server Action ids (undefined under `next dev`).
 * Next's own request listener cannot be reached from start-up code, so this wraps http.Server's emit of the
 * 'request' event; it costs a few string tests per request.
 */
export function installRequestGuard(trustProxy: boolean, knownActions?: ReadonlySet<string>): void {
  if (forwardedForGuard.installed) return;
  const emit: (this: Server, event: string, ...args: unknown[]) => boolean = Server.prototype.emit;
  Server.prototype.emit = function guardedEmit(this: Server, event: string, ...args: unknown[]): boolean {
    const [request, response] = args;
    if (event !== 'request' || !(request instanceof IncomingMessage)) return emit.call(this, event, ...args);
    rewriteForwardedHeaders(request.headers, request.socket?.remoteAddress, trustProxy);
    if (request.url) request.url = repairRequestTarget(request.url);
    const refusal = refuseServerAction(request.method, request.url, request.headers, knownActions);
    if (refusal && isResponse(response)) {
      refuse(request, response, refusal);
      return true;
    }
    const bodyKind = actionBodyKind(request.method, request.url, request.headers);
    if (bodyKind && isResponse(response)) {
      checkThenForward(bodyKind, request, response, (replay) =>
        emit.call(this, event, replay, response, ...args.slice(2)),
      ).catch((error: unknown) => {
        console.error('[security] a form submission could not be handed on', error);
        if (response.headersSent) response.destroy();
        else
          refuse(request, response, {
            status: 500,
            message: 'Internal Server Error: the form submission was not processed. Nothing was sent.',
          });
      });
      return true;
    }
    return emit.call(this, event, ...args);
  };
  forwardedForGuard.installed = true;
}

/**
 * A form submission's body is read here, checked (action-body.ts), and handed to Next as if it came off the
 * socket; an unreadable one is refused with 400, one past Next's limit with 413, so Next never answers 500 for it.
 */
async function checkThenForward(
  kind: ActionBodyKind,
  request: IncomingMessage,
  response: ServerResponse,
  forward: (replay: IncomingMessage) => void,
): Promise<void> {
  const body = await readBody(request, ACTION_BODY_LIMIT);
  if (body === undefined) return;
  if (body === 'too large') {
    refuse(request, response, {
      status: 413,
      message: `Content Too Large: a form submission is limited to ${ACTION_BODY_LIMIT / 1024 / 1024} MB. Nothing was sent.`,
    });
    return;
  }
  const refusal = await checkActionBody(kind, request.headers, body);
  if (refusal) refuse(request, response, refusal);
  else forward(replayRequest(request, body));
}

function isResponse(value: unknown): value is ServerResponse {
  return typeof value === 'object' && value !== null && 'writeHead' in value && 'end' in value;
}

/**
 * Answers a refused request here, with the headers next.config.ts gives every response, and the API's policy
 * (plain text is no document to run).
 */
function refuse(request: IncomingMessage, response: ServerResponse, refusal: Refusal): void {
  request.resume();
  response.writeHead(refusal.status, {
    ...SHARED_HEADERS,
    ...API_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(`${refusal.message}\n`);
}
