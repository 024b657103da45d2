import type { CallToolResult } from '@modelcontextprotocol/client';
import type { z } from 'zod';

/** A tool's answer as a view shows it: the parsed structured result, or the tool's own error text. */
export type ToolAnswer<T> = { ok: true; value: T } | { ok: false; message: string };

/** The text blocks of a result, joined: an error result says what went wrong and what to do there. */
function textOf(result: CallToolResult): string {
  return result.content
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n')
    .trim();
}

/**
 * Reads a tool result against the tool's own output schema (lib/agent/schemas.ts): an error result or a result
 * of another shape is shown as the tool's message, never rendered as if it were the expected answer.
 */
export function readToolResult<T>(result: CallToolResult, schema: z.ZodType<T>): ToolAnswer<T> {
  if (result.isError) return { ok: false, message: textOf(result) || 'The tool reported an error without a message.' };
  const parsed = schema.safeParse(result.structuredContent);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: textOf(result) || 'The tool answered without the expected structured result.' };
}
