import type { CallToolResult } from '@modelcontextprotocol/client';

/** A tool's answer as a view shows it: the structured result, or the tool's own error text. */
export type ToolAnswer<T> = { ok: true; value: T } | { ok: false; message: string };

/** The text blocks of a result, joined: an error result says what went wrong and what to do there. */
function textOf(result: CallToolResult): string {
  return result.content
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n')
    .trim();
}

/** Reads a tool result whose structured content `is` the expected answer; otherwise the tool's message. */
export function readToolResult<T>(result: CallToolResult, is: (value: unknown) => value is T): ToolAnswer<T> {
  if (result.isError) return { ok: false, message: textOf(result) || 'The tool reported an error without a message.' };
  if (is(result.structuredContent)) return { ok: true, value: result.structuredContent };
  return { ok: false, message: textOf(result) || 'The tool answered without the expected structured result.' };
}
