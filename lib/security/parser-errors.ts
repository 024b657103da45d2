import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { SHARED_HEADERS } from '@/lib/http/shared-headers';
import { type DirectAnswer, unroutedMethodAnswer } from '@/lib/http/unrouted-method';
import { pathOf } from './request-target';

/** What Node's HTTP parser reports with a request it could not read (its documented 'clientError' event). */
interface ClientError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

/**
 * The answer to a request Node's parser refused, written on the socket as Node's 'clientError' documentation
 * says, then closed: a method the parser does not know gets what a method no route has gets (405 with `Allow`
 * and the envelope under /api), headers past Node's size limit 431, anything else a plain 400. Node's own answer
 * would have no body at all.
 */
export function answerClientError(error: ClientError, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const direct = (error.code === 'HPE_INVALID_METHOD' && unknownMethodAnswer(error.rawPacket)) || plainAnswer(error);
  const headers = {
    ...SHARED_HEADERS,
    ...direct.headers,
    'Content-Length': String(Buffer.byteLength(direct.body)),
    Connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${direct.status} ${STATUS_CODES[direct.status]}\r\n${head.join('')}\r\n${direct.body}`);
}

/** The request line's method and path, when both are plain tokens (the answer names them). */
function unknownMethodAnswer(rawPacket: Buffer | undefined): DirectAnswer | undefined {
  const line = rawPacket?.subarray(0, 1024).toString('latin1').split('\r\n', 1)[0] ?? '';
  const match = /^([A-Za-z][A-Za-z0-9_-]{0,31}) (\/[\x21-\x7e]{0,500}) HTTP\/1\.[01]$/.exec(line);
  if (!match?.[1] || !match[2]) return undefined;
  return unroutedMethodAnswer(match[1], pathOf(match[2]));
}

function plainAnswer(error: ClientError): DirectAnswer {
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  return {
    status: tooLarge ? 431 : 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    body: tooLarge
      ? 'Request Header Fields Too Large: the request headers are limited to 16 KB together.\n'
      : 'Bad Request: the request could not be read as HTTP/1.1.\n',
  };
}
