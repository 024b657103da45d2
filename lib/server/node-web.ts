import type { IncomingMessage, ServerResponse } from 'node:http';

/** More than any API route reads (MCP takes 64 KiB): the handlers' own limits answer 413 past theirs. */
const BODY_CAP = 64 * 1024 + 1;

/** Methods a Web Request can carry (undici refuses TRACE and CONNECT). */
const WEB_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** True when a Web Request can carry this method. */
export const isWebMethod = (method: string | undefined): boolean => method !== undefined && WEB_METHODS.has(method);

/**
 * The one Node-to-Web adapter: Node's request as a Web Request, for the route handlers the project's server
 * calls itself (lib/server/fast-path.ts). The body is read up front, at most BODY_CAP bytes.
 */
export async function toWebRequest(req: IncomingMessage): Promise<Request> {
  const method = req.method ?? 'GET';
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : await readCapped(req),
  });
}

function readCapped(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData);
      const body = new Uint8Array(Math.min(size, BODY_CAP));
      let offset = 0;
      for (const chunk of chunks) {
        if (offset >= body.length) break;
        body.set(chunk.subarray(0, body.length - offset), offset);
        offset += chunk.length;
      }
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= BODY_CAP) {
        req.off('end', done);
        done();
      }
    };
    req.on('data', onData);
    req.once('end', done);
    req.once('error', reject);
  });
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
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) res.write(part.value);
  res.end();
}
