import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { MAX_BODY_BYTES, readNodeBody } from '@/lib/http/body';
import { MCP_MAX_BODY_BYTES } from '@/lib/mcp/transport/messages';

const MOST_ANY_ROUTE_READS = Math.max(MAX_BODY_BYTES, MCP_MAX_BODY_BYTES);

/**
 * The one Node-to-Web adapter: Node's request as a Web Request, for the route handlers the project's server
 * calls itself (lib/server/fast-path.ts). The body is read up front, cut past the most any route reads, so that
 * the handler's own limit answers 413; undefined when the client went away mid-body.
 */
export async function toWebRequest(req: IncomingMessage): Promise<Request | undefined> {
  const method = req.method ?? 'GET';
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody ? await readNodeBody(req, MOST_ANY_ROUTE_READS) : undefined;
  if (hasBody && !body) return undefined;
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), { method, headers, body });
}

/**
 * Writes a Web Response to Node's response with the status, the `headers` given (the response's own, completed by
 * the caller), then the body (streamed when it is an event stream); none for HEAD.
 */
export async function writeWebResponse(
  response: Response,
  res: ServerResponse,
  headers: Record<string, string>,
  headOnly: boolean,
): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (headOnly || !response.body) {
    res.end();
    return;
  }
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    res.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  res.flushHeaders();
  // When the client goes away the stream is cancelled, so the handler stops writing to it (as Next does).
  await pipeline(Readable.fromWeb(response.body as WebReadableStream), res).catch(() => undefined);
}
