import type { z } from 'zod';
import { InvalidJsonError, PayloadTooLargeError, ValidationError } from './errors';

/** The largest JSON body the API reads (README, "Limits"). Larger bodies get 413. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Reads the body as text, refusing it with 413 as soon as it passes `limit` bytes (declared or streamed). */
async function readLimited(request: Request, limit: number): Promise<string> {
  const tooLarge = () =>
    new PayloadTooLargeError(
      `The request body is larger than ${limit} bytes.`,
      `Send a smaller JSON body: at most ${limit} bytes. Long free-text fields have their own limits in GET /api/agent.`,
    );
  const declared = Number(request.headers.get('content-length') ?? 'NaN');
  if (declared > limit) throw tooLarge();
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
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

/**
 * Reads a JSON request body and validates it against `schema`. Not JSON, malformed JSON, a body over
 * MAX_BODY_BYTES, or fields that are missing or wrong each get their own 400/413 with the envelope; a
 * validation error names every bad field. `expected` is the one-line shape shown in the resolution.
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S, expected: string): Promise<z.output<S>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type.trim())) {
    throw new InvalidJsonError(
      `The request body must be JSON sent with Content-Type: application/json${type ? `; got "${type}"` : ', but no Content-Type was sent'}.`,
      `Send a JSON object with the header Content-Type: application/json, with ${expected}.`,
    );
  }
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
  const parsed = schema.safeParse(data, { error: fieldErrorMap });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    return field ? `${field} ${issue.message}` : issue.message;
  });
  throw new ValidationError(
    `The request body is invalid: ${problems.join('; ')}.`,
    `Correct ${problems.length === 1 ? 'that field' : 'those fields'} and send again: ${expected}.`,
  );
}

const TYPE_NAMES: Record<string, string> = { string: 'a string', number: 'a number', boolean: 'true or false', array: 'an array', object: 'a JSON object' };

/** Words zod's type errors for an API caller: "is required (string)", "must be a string, not number". */
const fieldErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type') {
    const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
    if (issue.input === undefined) return `is required (${expected})`;
    const got = issue.input === null ? 'null' : Array.isArray(issue.input) ? 'an array' : typeof issue.input;
    return `must be ${expected}, not ${got}`;
  }
  if (issue.code === 'unrecognized_keys') return `has unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
  return undefined;
};
