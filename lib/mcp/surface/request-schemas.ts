import { z } from 'zod';

/** A JSON-RPC request naming a tool or a prompt with its arguments: the shape tools/call and prompts/get share. */
export function NamedRequestSchema(method: 'tools/call' | 'prompts/get') {
  return z
    .object({
      id: z.union([z.string(), z.number()]),
      method: z.literal(method),
      params: z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()).optional() }),
    })
    .describe(`a ${method} request`);
}
