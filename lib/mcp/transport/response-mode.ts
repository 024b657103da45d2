import { preferredMediaType } from '@/lib/http/negotiate';
import { NotAcceptableError } from './errors';

/** How a POST is answered: one JSON body, or an SSE stream. */
export type ResponseMode = 'json' | 'sse';

/** application/json unless the client accepts only text/event-stream (then the answer is an SSE stream). */
export function responseMode(request: Request): ResponseMode {
  if (preferredMediaType(request, ['application/json'])) return 'json';
  if (preferredMediaType(request, ['text/event-stream'])) return 'sse';
  throw new NotAcceptableError(
    `POST /api/mcp answers application/json or text/event-stream, and Accept allows neither ("${request.headers.get('accept')}").`,
    'Send Accept: application/json, text/event-stream.',
  );
}
