/**
 * The front matter of a markdown file as the consultant sees it in her editor: its lines, numbered from the top
 * of the file (the opening --- is line 1), so that every message can point at the line to change.
 */

/** One line of front matter and its number in the file, counted from 1. */
export interface SourceLine {
  number: number;
  text: string;
}

/** The lines between the opening and the closing ---, and the number of the closing line when there is one. */
export interface FrontMatterLines {
  lines: SourceLine[];
  closing?: number;
}

/** Splits a file that starts with --- into its front-matter lines; the block ends at the first line of exactly ---. */
export function splitFrontMatter(text: string): FrontMatterLines {
  const all = text.split(/\r?\n/);
  const end = all.findIndex((line, index) => index > 0 && /^---\s*$/.test(line));
  const inside = all.slice(1, end < 0 ? undefined : end);
  const lines = inside.map((line, index) => ({ number: index + 2, text: line }));
  return end < 0 ? { lines } : { lines, closing: end + 1 };
}

/** Spaces before the text of a line; a tab counts as one, since YAML does not count it at all. */
export function indentOf(text: string): number {
  return /^[ \t]*/.exec(text)?.[0].length ?? 0;
}

/** A line that carries YAML: not blank and not a comment. */
export function isContent(line: SourceLine): boolean {
  return line.text.trim() !== '' && !line.text.trim().startsWith('#');
}

/** The field name a line opens (`key:`, also after `- `; words with spaces too, as YAML allows), or undefined. */
export function keyOf(text: string): string | undefined {
  return /^[ \t]*(?:- +)?([^\s#"'\-:{[][^:#]*?):(?:\s|$)/.exec(text)?.[1];
}

/** The indentation of what follows a list dash: `  - label:` opens a group whose fields start at column 4. */
function innerIndent(text: string): number {
  const dash = /^([ \t]*)- +/.exec(text);
  return dash ? dash[0].length : indentOf(text);
}

/** The lines under `start` that belong to it: every following line indented deeper, or a list at its own depth. */
function blockAfter(lines: readonly SourceLine[], start: number): SourceLine[] {
  const opener = lines[start];
  if (!opener) return [];
  const depth = indentOf(opener.text);
  const block: SourceLine[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!isContent(line)) continue;
    const indent = indentOf(line.text);
    const sameDepthList = indent === depth && /^[ \t]*- /.test(line.text) && !/^[ \t]*- /.test(opener.text);
    if (indent <= depth && !sameDepthList) break;
    block.push(line);
  }
  return block;
}

/**
 * The line where the value at `path` (field names and list positions, as zod reports them) is written, found
 * by indentation as block YAML is laid out. Undefined when the path cannot be followed in the text.
 */
export function findLine(lines: readonly SourceLine[], path: readonly PropertyKey[]): SourceLine | undefined {
  let scope: SourceLine[] = lines.filter(isContent);
  let found: SourceLine | undefined;
  for (const part of path) {
    if (scope.length === 0) return found;
    const depth = Math.min(...scope.map((line) => indentOf(line.text)));
    let at: number;
    if (typeof part === 'number') {
      const items = scope.flatMap((line, index) => (indentOf(line.text) === depth && /^[ \t]*- /.test(line.text) ? [index] : []));
      at = items[part] ?? -1;
    } else {
      at = scope.findIndex((line) => keyOf(line.text) === String(part) && (innerIndent(line.text) === depth || indentOf(line.text) === depth));
    }
    const line = scope[at];
    if (!line) return found;
    found = line;
    const rest = blockAfter(scope, at);
    // A list entry that opens a group (`- label: LinkedIn`) holds its first field on its own line.
    scope = typeof part === 'number' && keyOf(line.text) ? [{ ...line, text: line.text.replace(/^([ \t]*)- /, '$1  ') }, ...rest] : rest;
  }
  return found;
}

/** A line's text as a message quotes it: in backticks (it may hold quotes itself), tabs made visible, long lines cut. */
export function quoteLine(text: string): string {
  const shown = text.replace(/\t/g, '(tab)').trimEnd();
  return `\`${shown.length > 70 ? `${shown.slice(0, 69)}…` : shown}\``;
}
