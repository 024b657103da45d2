import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { FastPath } from './fast-path';
import { type GuardOptions, guardRequest } from './guard';

type NextHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * The project's server, request by request, in order: the guard (which may answer, or hand on a checked
 * replay of the request), the fast path (which answers what needs nothing of Next's router), then Next.
 */
export function requestPipeline(guard: GuardOptions, fastPath: FastPath, next: NextHandler): RequestListener {
  return (request, response) => {
    serve(request, response).catch((error: unknown) => {
      console.error('[server] a request failed before an answer was written', error);
      if (response.headersSent) response.destroy();
      else response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal Server Error\n');
    });
  };

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const checked = await guardRequest(request, response, guard);
    if (!checked) return;
    if (fastPath.answer(checked, response)) return;
    await next(checked, response);
  }
}
