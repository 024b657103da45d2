import { z } from 'zod';

// What the Redis stores keep and what their scripts answer, parsed on the way back in: Redis is outside the
// program, and a value another version (or another program) left under our keys must not be trusted as typed.

/** An Idempotency-Key's entry: claimed by a request being handled, or done with the remembered answer. */
export const StoredIdempotencySchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('in-progress'), fingerprint: z.string() }),
  z.object({
    state: z.literal('done'),
    record: z.object({ fingerprint: z.string(), status: z.number().int(), body: z.string() }),
  }),
]);
export type StoredIdempotency = z.infer<typeof StoredIdempotencySchema>;

/** A script answering a stored string, or nil (null) when there is none. */
export const StringOrNilReplySchema = z.string().nullable();

/** The quota script's answer: the count in the current window and the milliseconds left in it. */
export const QuotaReplySchema = z.tuple([z.number().int().min(1), z.number().int()]);

/** Parses stored JSON against `schema`; undefined when it is not JSON or not of that shape. */
export function parseStored<T>(schema: z.ZodType<T>, text: string): T | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
