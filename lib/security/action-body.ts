import { IncomingMessage, type IncomingHttpHeaders } from 'node:http';
import { type Refusal, serverActionRequest } from './server-actions';

/**
 * The largest form submission read (Next's default `serverActions.bodySizeLimit`, 1 MB, which Next answers 413
 * past). The consultation form sends a few kilobytes.
 */
export const ACTION_BODY_LIMIT = 1024 * 1024;

/** How a form submission's body is decoded by Next, and so how it is checked here. */
export type ActionBodyKind = 'form' | 'reply';

/**
 * Which body of a POST that passed refuseServerAction Next will decode as a Server Action (serverActionRequest):
 * a multipart body ('form': the consultation form, with or without JavaScript) or a `Next-Action` call with any
 * other body ('reply': JSON text). Next answers a body it cannot decode with a 500, so such a body is read and
 * checked first (checkActionBody). Every other request is left alone.
 */
export function actionBodyKind(
  method: string | undefined,
  target: string | undefined,
  headers: IncomingHttpHeaders,
): ActionBodyKind | undefined {
  const action = serverActionRequest(method, target, headers);
  if (action?.multipart) return 'form';
  return action?.actionId === undefined ? undefined : 'reply';
}

const UNREADABLE: Refusal = {
  status: 400,
  message: 'Bad Request: the body of this form submission is not well-formed multipart/form-data. Nothing was sent.',
};

const NOT_A_CALL: Refusal = {
  status: 400,
  message: 'Bad Request: the arguments of this Next-Action call are not a JSON list. Nothing was sent.',
};

/** Whether `text` is a JSON array: the arguments of a Server Action call, as React's client encodes them. */
function isJsonArray(text: string | undefined): boolean {
  try {
    return text !== undefined && Array.isArray(JSON.parse(text));
  } catch {
    return false;
  }
}

/**
 * Whether Next will be able to read the body: a multipart body is parsed by the same parser Next uses for a form
 * posted without JavaScript (undici's FormData); the arguments of a `Next-Action` call (its "0" part, or the whole
 * body when it is not multipart) must be a JSON array. A refusal when it is not.
 */
export async function checkActionBody(
  kind: ActionBodyKind,
  headers: IncomingHttpHeaders,
  body: Buffer,
): Promise<Refusal | undefined> {
  if (kind === 'reply') return isJsonArray(body.toString('utf8')) ? undefined : NOT_A_CALL;
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': headers['content-type'] ?? '' },
    }).formData();
  } catch {
    return UNREADABLE;
  }
  // Without Next-Action, a form posted without JavaScript: Next finds the action among its fields.
  if (headers['next-action'] === undefined) return undefined;
  const root = form.get('0');
  return isJsonArray(typeof root === 'string' ? root : undefined) ? undefined : NOT_A_CALL;
}

/** The whole body; 'too large' past `limit` (the rest is read and dropped); undefined when the client left. */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer | 'too large' | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        request.removeAllListeners('data');
        request.resume();
        resolve('too large');
        return;
      }
      chunks.push(chunk);
    });
    request.once('end', () => resolve(size > limit ? 'too large' : Buffer.concat(chunks)));
    // After 'end' these change nothing; before it, the client went away mid-body.
    request.once('error', () => resolve(undefined));
    request.once('close', () => resolve(undefined));
  });
}

/**
 * A request like `request` whose body is `body`, for Next to read as if it came off the socket: the original's
 * body has been read here. Same socket, method, target and headers.
 */
export function replayRequest(request: IncomingMessage, body: Buffer): IncomingMessage {
  const replay = new IncomingMessage(request.socket);
  replay.httpVersionMajor = request.httpVersionMajor;
  replay.httpVersionMinor = request.httpVersionMinor;
  replay.httpVersion = request.httpVersion;
  replay.method = request.method;
  replay.url = request.url;
  replay.rawHeaders = request.rawHeaders;
  replay.headers = request.headers;
  replay.push(body);
  replay.push(null);
  replay.complete = true;
  return replay;
}
