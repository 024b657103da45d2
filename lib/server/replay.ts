import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import type { AnswerHeaders } from './cached-answer';

/** One answer of Next as recorded at start-up: its status, the headers it would send to anyone, its bytes. */
export interface Recording {
  status: number;
  headers: AnswerHeaders;
  body: Buffer;
}

/** A request to record: a method, a path, and the request headers that pick its variant. */
export interface RecordedRequest {
  method: 'GET' | 'OPTIONS' | 'PROPFIND';
  path: string;
  headers: Record<string, string>;
}

/** Fields of one exchange rather than of the answer (framing, the moment, the connection): never replayed. */
const OF_THE_EXCHANGE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * The client the recording requests come from: an address of TEST-NET-1 (RFC 5737), which no real client has, so
 * that recording counts against no real client's quota.
 */
const RECORDING_CLIENT = '192.0.2.1';

/** Longest wait for one of Next's answers at start-up; past it, that request is served by Next. */
const RECORDING_TIMEOUT_MS = 15_000;

type NextHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * Asks Next once, before the server listens, for each of `requests` (uncompressed unless one asks otherwise), over
 * a temporary loopback port. A request that fails gives its Error, so that Next answers it later instead.
 */
export async function recordFromNext(
  next: NextHandler,
  host: string,
  requests: readonly RecordedRequest[],
): Promise<(Recording | Error)[]> {
  const server = http.createServer((request, response) => {
    next(request, response).catch((error: unknown) => response.destroy(toError(error)));
  });
  await once(server.listen(0, '127.0.0.1'), 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    return await Promise.all(requests.map((request) => record(port, host, request).catch(toError)));
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

async function record(port: number, host: string, { method, path, headers }: RecordedRequest): Promise<Recording> {
  const sent = http.request({
    host: '127.0.0.1',
    port,
    method,
    path,
    headers: { host, 'accept-encoding': 'identity', 'x-forwarded-for': RECORDING_CLIENT, ...headers },
  });
  sent.setTimeout(RECORDING_TIMEOUT_MS, () => sent.destroy(new Error(`no answer in ${RECORDING_TIMEOUT_MS} ms`)));
  sent.end();
  const [answer] = (await once(sent, 'response')) as [IncomingMessage];
  const body = await buffer(answer);
  const kept: AnswerHeaders = {};
  for (const [name, values] of Object.entries(answer.headersDistinct)) {
    if (values && !OF_THE_EXCHANGE.has(name)) kept[name] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return { status: answer.statusCode ?? 0, headers: kept, body };
}
