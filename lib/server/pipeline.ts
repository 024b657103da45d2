import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { countRequest, nodeHeaders } from '@/lib/insights/request-count';
import { admitOnConnection } from '@/lib/security/connection-limits';
import type { FastPath } from './fast-path';
import type { MissingAssetStep } from './missing-asset';
import { type GuardOptions, guardRequest } from '@/lib/security/request-guard';

type NextHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * The project's server, request by request, in order: the connection's limit of unread answers
 * (lib/security/connection-limits.ts), counting (lib/insights, in memory), the guard (which may answer, or hand on a checked
 * replay of the request), the fast path (which answers what needs nothing of Next's router), a build file that is
 * not there (missing-asset.ts), then Next.
 */
export function requestPipeline(
  guard: GuardOptions,
  fastPath: FastPath,
  next: NextHandler,
  missingAsset: MissingAssetStep = () => false,
): RequestListener {
  const fail = (response: ServerResponse) => (error: unknown) => {
    console.error('[server] a request failed before an answer was written', error);
    if (response.headersSent) response.destroy();
    else response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal Server Error\n');
  };
  const serve = (request: IncomingMessage | undefined, response: ServerResponse): void => {
    if (!request || fastPath.answer(request, response)) return;
    const looked = missingAsset(request, response);
    if (looked) looked.then((answered) => (answered ? undefined : next(request, response))).catch(fail(response));
    else next(request, response).catch(fail(response));
  };
  // Most requests are guarded without waiting; only a form submission's body is read before it goes on.
  return (request, response) => {
    if (!admitOnConnection(request, response)) return;
    countRequest(request.method ?? 'GET', request.url ?? '/', nodeHeaders(request.headers), guard.isSiteHost);
    try {
      const checked = guardRequest(request, response, guard);
      if (checked instanceof Promise) checked.then((replay) => serve(replay, response), fail(response));
      else serve(checked, response);
    } catch (error) {
      fail(response)(error);
    }
  };
}
