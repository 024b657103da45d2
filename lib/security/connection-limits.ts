import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { answerClientError } from './parser-errors';

/**
 * How many answers may wait on one connection for the client to read them. Browsers and HTTP libraries send one
 * request at a time per connection; a client that pipelines past this without reading is dropped, so the answers
 * one connection holds in memory stay bounded (docs/serving.md, "Bounded requests").
 */
export const MAX_WAITING_ANSWERS = 8;
/** A connection on which nothing moves for this long (a client that stopped reading, or sending) is closed. */
export const STALLED_CONNECTION_MS = 30_000;

/**
 * Applies the per-connection limits above to the project's server (Node's documented `server.timeout`), and
 * answers what Node's parser refuses with a body that says why (parser-errors.ts).
 */
export function limitConnections(server: Server): void {
  server.timeout = STALLED_CONNECTION_MS;
  server.on('clientError', answerClientError);
}

const waiting = new WeakMap<Socket, number>();

/**
 * Counts a request's answer as waiting on its connection until it is written or the connection goes. Says false,
 * and closes the connection, when the client has more than MAX_WAITING_ANSWERS unread, or the connection is
 * already closed: then nothing is served for the request.
 */
export function admitOnConnection(request: IncomingMessage, response: ServerResponse): boolean {
  const socket = request.socket;
  if (socket.destroyed) return false;
  const count = (waiting.get(socket) ?? 0) + 1;
  if (count > MAX_WAITING_ANSWERS) {
    socket.destroy();
    return false;
  }
  waiting.set(socket, count);
  response.once('close', () => waiting.set(socket, (waiting.get(socket) ?? 1) - 1));
  return true;
}
