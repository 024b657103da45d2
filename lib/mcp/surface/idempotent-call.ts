import { z } from 'zod';
import { ValidationError } from '@/lib/api-errors';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  fingerprintOf,
  idempotencyScope,
  runIdempotently,
  stringValuesOf,
} from '@/lib/idempotency/idempotency-key';
import { isJsonObject } from '@/lib/text/json-object';
import { IDEMPOTENCY_KEY_ARGUMENT } from '../protocol';

const IdempotencyKeyArgumentSchema = z
  .string()
  .regex(new RegExp(IDEMPOTENCY_KEY_PATTERN))
  .describe(
    'Optional. A fresh random value (a UUID) per distinct request; send the same value again only when retrying it. ' +
      'A retry with the same key and arguments within 24 hours returns the first answer and sends no second mail.',
  );

/**
 * The JSON Schema property of the key. `x-mcp-header` (MCP 2026-07-28, "Custom Headers from Tool Parameters")
 * asks 2026-07-28 clients to mirror it as `Mcp-Param-Idempotency-Key`, so intermediaries see the key as REST's.
 */
export function idempotencyKeyProperty() {
  return {
    type: 'string' as const,
    pattern: IDEMPOTENCY_KEY_PATTERN,
    description: IdempotencyKeyArgumentSchema.description ?? IDEMPOTENCY_KEY_ARGUMENT,
    'x-mcp-header': IDEMPOTENCY_KEY_HEADER,
  };
}

/** A call's arguments without the key, and the key when one was given; a malformed key is a validation error. */
function takeIdempotencyKey(toolName: string, args: unknown): { key?: string; args: unknown } {
  if (!isJsonObject(args) || !(IDEMPOTENCY_KEY_ARGUMENT in args)) return { args };
  const { [IDEMPOTENCY_KEY_ARGUMENT]: raw, ...rest } = args;
  if (raw === undefined || raw === null) return { args: rest };
  const parsed = IdempotencyKeyArgumentSchema.safeParse(raw);
  if (!parsed.success || parsed.data.trim() === '') {
    throw new ValidationError(
      `The argument ${IDEMPOTENCY_KEY_ARGUMENT} of ${toolName} must be 1 to 255 printable ASCII characters.`,
      `Send a fresh UUID as ${IDEMPOTENCY_KEY_ARGUMENT}, and the same one again only when retrying this call; or leave it out.`,
    );
  }
  return { key: parsed.data, args: rest };
}

/**
 * `handler` behind the idempotency key: the key is taken off the arguments, `parse` reads the rest as the tool's
 * input, and with a key the handler runs at most once per key of the caller's client, in REST's Idempotency-Key
 * space (a REST call and an MCP call of one client with one key and the same input are one request).
 */
export function withIdempotencyKey<I, C extends { client: string }>(
  toolName: string,
  parse: (args: unknown) => I,
  handler: (input: I, context: C) => Promise<unknown>,
): (args: unknown, context: C) => Promise<unknown> {
  return async (args, context) => {
    const taken = takeIdempotencyKey(toolName, args);
    const input = parse(taken.args);
    if (taken.key === undefined) return handler(input, context);
    const answer = await runIdempotently(
      idempotencyScope(toolName, context.client, taken.key),
      fingerprintOf(input),
      async () => Response.json(await handler(input, context)),
      stringValuesOf(input),
    );
    return answer.json();
  };
}
