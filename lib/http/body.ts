import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import { shortened } from '@/lib/text/shortened';
import {
  InvalidJsonError,
  PayloadTooLargeError,
  UnsupportedContentEncodingError,
  ValidationError,
} from '@/lib/api-errors';
import { describeProblems, validateInput } from './validate';

/** The largest JSON body the API reads (docs/agent-api.md, "Limits and quotas"). Larger bodies get 413. */
export const MAX_BODY_BYTES = 16 * 1024;

const UTF8 = new TextDecoder('utf-8', { fatal: false });

/** The body as text, or undefined as soon as it passes `limit` bytes (declared or streamed). */
export async function readBodyText(request: Request, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers.get('content-length') ?? 'NaN');
  if (declared > limit) return undefined;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return UTF8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
}

/**
 * A Node request's body, read by the project's socket guard before Next decodes a form post: cut after
 * `limit` bytes and one more, so that the caller sees it is too large without waiting for the rest (which is
 * dropped); undefined when the client went away mid-body.
 */
export function readNodeBody(request: IncomingMessage, limit: number): Promise<Buffer<ArrayBuffer> | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      request.off('data', onData);
      resolve(Buffer.concat(chunks, Math.min(size, limit + 1)));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > limit) done();
    };
    request.on('data', onData);
    request.once('end', done);
    // After the body has been read these change nothing; before, the client went away.
    request.once('error', () => resolve(undefined));
    request.once('close', () => resolve(undefined));
  });
}

/**
 * Refuses a body sent with a content coding other than identity (gzip, br, …): the API reads bodies as sent, and
 * would otherwise parse the compressed bytes as JSON. RFC 9110 §15.5.16 makes that a 415, and §12.5.3 lets the
 * answer's Accept-Encoding say what is taken. Shared by the REST tools and /api/mcp (docs/agent-api.md, "Errors").
 */
export function requireIdentityEncoding(request: Request): void {
  const header = request.headers.get('content-encoding');
  if (header === null) return;
  const codings = header.split(',').map((coding) => coding.trim().toLowerCase());
  if (codings.every((coding) => coding === '' || coding === 'identity')) return;
  throw new UnsupportedContentEncodingError(
    `The request body was sent with Content-Encoding: ${shortened(header, 64)}, which this API does not decode.`,
    'Send the JSON body uncompressed, without a Content-Encoding header (or with Content-Encoding: identity).',
    { 'Accept-Encoding': 'identity' },
  );
}

/** Reads the body as text, refusing it with 413 as soon as it passes `limit` bytes (declared or streamed). */
async function readLimited(request: Request, limit: number): Promise<string> {
  const text = await readBodyText(request, limit);
  if (text !== undefined) return text;
  throw new PayloadTooLargeError(
    `The request body is larger than ${limit} bytes.`,
    `Send a smaller JSON body: at most ${limit} bytes. Long free-text fields have their own limits in GET /api/agent.`,
  );
}

/**
 * Reads a JSON request body and validates it against `schema`. Not JSON, a content coding other than identity,
 * malformed JSON, a body over MAX_BODY_BYTES, or fields that are missing or wrong each get their own 400/413/415
 * with the envelope; a
 * validation error names the bad fields (a bounded list, lib/http/validate.ts). `expected` is the one-line shape
 * shown in the resolution.
 */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  expected: string,
): Promise<z.output<S>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type.trim())) {
    throw new InvalidJsonError(
      `The request body must be JSON sent with Content-Type: application/json${type ? `; got "${type}"` : ', but no Content-Type was sent'}.`,
      `Send a JSON object with the header Content-Type: application/json, with ${expected}.`,
    );
  }
  requireIdentityEncoding(request);
  const text = await readLimited(request, MAX_BODY_BYTES);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'unreadable';
    throw new InvalidJsonError(
      text.trim() === '' ? 'The request body is empty.' : `The request body is not valid JSON (${detail}).`,
      `Send a JSON object with ${expected}.`,
    );
  }
  const validated = validateInput(schema, data);
  if (validated.ok) return validated.data;
  throw new ValidationError(
    `The request body is invalid: ${describeProblems(validated.problems)}.`,
    `Correct ${validated.problems.length === 1 ? 'that field' : 'those fields'} and send again: ${expected}.`,
  );
}
