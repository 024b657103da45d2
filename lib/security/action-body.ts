import { IncomingMessage, type IncomingHttpHeaders } from 'node:http';
import { type ReplyParts, isInvalidJson, parseJson, repliesResolve } from './react-reply';
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

const UNRESOLVED: Refusal = {
  status: 400,
  message: 'Bad Request: this form submission refers to parts it does not include. Nothing was sent.',
};

const NOT_A_FORM_STATE: Refusal = {
  status: 400,
  message: "Bad Request: this form submission's hidden action fields are not the form's. Nothing was sent.",
};

/**
 * The refusal of a Server Action call's arguments (`root`, the text of its "0" part or of the whole body), or
 * undefined when React can decode them: a JSON list whose references all resolve among `parts`.
 */
function checkCall(root: string | true | undefined, parts: ReplyParts): Refusal | undefined {
  const args = typeof root === 'string' ? parseJson(root) : undefined;
  if (!Array.isArray(args)) return NOT_A_CALL;
  return repliesResolve(args, parts) ? undefined : UNRESOLVED;
}

/** A multipart body's fields under `prefix` (without it), each as its text, or true for a file. */
function partsOf(form: FormData, prefix = ''): Map<string, string | true> {
  const parts = new Map<string, string | true>();
  for (const [name, value] of form.entries())
    if (name.startsWith(prefix)) parts.set(name.slice(prefix.length), typeof value === 'string' ? value : true);
  return parts;
}

/**
 * The refusal of a form posted without JavaScript whose hidden action fields Next cannot decode: for each
 * `$ACTION_REF_<n>`, the `$ACTION_<n>:0` field names the action and its bound arguments (`"$@<id>"`, a part
 * under the same prefix), which must be there and decodable.
 */
function checkFormState(form: FormData): Refusal | undefined {
  for (const name of form.keys()) {
    if (!name.startsWith('$ACTION_REF_')) continue;
    const parts = partsOf(form, `$ACTION_${name.slice('$ACTION_REF_'.length)}:`);
    const meta = parseJson(String(parts.get('0') ?? ''));
    if (isInvalidJson(meta) || meta === null || typeof meta !== 'object') return NOT_A_FORM_STATE;
    const bound = (meta as { bound?: unknown }).bound;
    if (bound === undefined || bound === null) continue;
    const boundId = typeof bound === 'string' ? /^\$@([0-9a-f]+)$/.exec(bound)?.[1] : undefined;
    if (boundId === undefined) return NOT_A_FORM_STATE;
    const refusal = checkCall(parts.get(String(Number.parseInt(boundId, 16))), parts);
    if (refusal) return refusal === NOT_A_CALL ? NOT_A_FORM_STATE : refusal;
  }
  return undefined;
}

/**
 * Whether Next will be able to read the body: a multipart body is parsed by the same parser Next uses for a form
 * posted without JavaScript (undici's FormData), and its hidden action fields must decode; the arguments of a
 * `Next-Action` call (its "0" part, or the whole body when it is not multipart) must be a JSON list whose
 * references resolve (lib/security/react-reply.ts). A refusal when it is not.
 */
export async function checkActionBody(
  kind: ActionBodyKind,
  headers: IncomingHttpHeaders,
  body: Buffer,
): Promise<Refusal | undefined> {
  if (kind === 'reply') {
    const text = body.toString('utf8');
    return checkCall(text, new Map([['0', text]]));
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': headers['content-type'] ?? '' },
    }).formData();
  } catch {
    return UNREADABLE;
  }
  // Without Next-Action, a form posted without JavaScript: Next finds the action among its fields.
  if (headers['next-action'] === undefined) return checkFormState(form);
  const parts = partsOf(form);
  return checkCall(parts.get('0'), parts);
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
