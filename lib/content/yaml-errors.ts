import { z } from 'zod';
import { valueText } from './fixes';
import { type FrontMatterLines, type SourceLine, indentOf, isContent, keyOf, quoteLine } from './front-matter';

/**
 * YAML mistakes in front matter, worded as the fix. The parser (js-yaml, through gray-matter) reports where it
 * gave up, which is often a line or more after the slip, in its own terms; so the lines up to that point are
 * read for the slips people make, and the first one found is reported at its own line.
 */

/** A problem found in the text of the front matter. */
export interface LineProblem {
  line?: SourceLine;
  field: string;
  expected: string;
}

/** The field names of a schema: those at the top of the file, and those of nested groups. */
export interface KnownFields {
  top: readonly string[];
  nested: readonly string[];
}

/** The top-level field a line belongs to: its own name for a field line, else the field it sits under. */
function ownerOf(lines: readonly SourceLine[], line: SourceLine, fields: KnownFields): string {
  const own = keyOf(line.text);
  if (own && fields.top.includes(own)) return own;
  const above = lines.filter((other) => other.number <= line.number && indentOf(other.text) === 0 && keyOf(other.text));
  return keyOf(above.at(-1)?.text ?? '') ?? 'front matter';
}

/** Tabs in indentation: YAML counts only spaces, and a tab can merge a whole list into one entry without an error. */
export function findTabs(lines: readonly SourceLine[], fields: KnownFields): LineProblem[] {
  return lines
    .filter((line) => /^ *\t/.test(line.text))
    .map((line) => ({
      line,
      field: ownerOf(lines, line, fields),
      expected: `${quoteLine(line.text)} starts with a tab; YAML needs spaces, so indent with spaces only (two per level)`,
    }));
}

/** A front matter block with no closing ---: usually the line was damaged (`--`, an em dash) or deleted. */
export function describeUnclosed(frontMatter: FrontMatterLines): LineProblem | undefined {
  if (frontMatter.closing !== undefined) return undefined;
  const damaged = frontMatter.lines.find((line) => /^\s*[-–—][-–—\s]*$/.test(line.text));
  if (damaged) {
    return { line: damaged, field: 'front matter', expected: `${quoteLine(damaged.text)} should close the front matter; write exactly three hyphens: ---` };
  }
  return {
    field: 'front matter',
    expected: 'the closing "---" line is missing; add a line of exactly three hyphens (---) after the last field, before the page text',
  };
}

/** The end of a quoted value at the start of `value`, or -1 when the quote is not closed. */
function quoteEnd(value: string): number {
  const match = value.startsWith('"') ? /^"(?:[^"\\]|\\.)*"/.exec(value) : /^'(?:[^']|'')*'/.exec(value);
  return match ? match[0].length : -1;
}

/** The slip on one line, worded as its fix, or undefined when the line looks right. */
function slipOn(line: SourceLine, lines: readonly SourceLine[], fields: KnownFields): string | undefined {
  const text = line.text;
  const shown = quoteLine(text);
  const key = keyOf(text);
  const value = valueText(text);
  const known = [...fields.top, ...fields.nested];
  const noSpace = /^([ \t]*(?:- +)?([A-Za-z_][\w-]*):)([^\s/].*)$/.exec(text);
  if (noSpace?.[2] && known.includes(noSpace[2])) return `${shown} needs a space after the colon: ${`${noSpace[1]} ${noSpace[3]}`.trim()}`;
  if (/^["']/.test(value)) {
    const end = quoteEnd(value);
    const quote = value[0];
    if (end < 0) return `${shown} opens a quote (${quote}) that is not closed; end the value with ${quote} too`;
    const rest = value.slice(end).trim();
    if (rest && !rest.startsWith('#')) {
      const whole = value.includes("'") ? `"${value.replace(/"/g, '\\"')}"` : `'${value}'`;
      return `${shown}: the quotes close before the value ends; put the whole value in quotes: ${text.trim().slice(0, -value.length)}${whole}`;
    }
  }
  if (key && !/^["'|>]/.test(value) && value.replace(/\s#.*$/, '').includes(': ')) {
    return `${shown} has a second colon followed by a space, which YAML reads as another field; put the value in double quotes: ${key}: "${value}"`;
  }
  const indicator = /^[@`*&!%[{|>]/.exec(value)?.[0];
  if (indicator && !/^[|>][-+]?\d?\s*(#.*)?$/.test(value)) {
    return `${shown} starts with "${indicator}", which YAML reserves for itself; put the value in double quotes: ${text.trim().slice(0, -value.length)}"${value}"`;
  }
  const indent = indentOf(text);
  if (key && fields.top.includes(key) && !fields.nested.includes(key) && indent > 0 && !/^[ \t]*- /.test(text)) {
    return `${shown} is indented by ${indent} space${indent === 1 ? '' : 's'}; a field starts at the beginning of the line: ${text.trim()}`;
  }
  const before = lines.filter((other) => other.number < line.number && isContent(other));
  const owner = before.findLast((other) => indentOf(other.text) === 0);
  const firstItem = before.find((other) => owner && other.number > owner.number && /^[ \t]*- /.test(other.text));
  if (/^[ \t]*- /.test(text) && firstItem && indentOf(firstItem.text) !== indent) {
    const width = indentOf(firstItem.text);
    return `${shown} is indented by ${indent} space${indent === 1 ? '' : 's'} where the entries above have ${width}; give every "- " in a list the same ${width} spaces`;
  }
  const previous = before.at(-1);
  const previousKey = keyOf(previous?.text ?? '');
  if (key && previous && previousKey && indent > 0 && !/^[ \t]*- /.test(previous.text) && valueText(previous.text) !== '') {
    const width = indentOf(previous.text);
    if (width > 0 && width !== indent) return `${shown} is indented by ${indent} spaces where "${previousKey}:" above has ${width}; line up the fields of a group`;
  }
  return undefined;
}

const YamlExceptionSchema = z.object({ reason: z.string(), mark: z.object({ line: z.number().int() }) });

/**
 * The YAML error in plain words at the line of the mistake. js-yaml counts lines from the first --- (its
 * `mark.line` starts at 0 there), which is the file's own line number minus one.
 */
export function describeYamlFailure(lines: readonly SourceLine[], error: unknown, fields: KnownFields): LineProblem {
  const parsed = YamlExceptionSchema.safeParse(error);
  const stop = parsed.success ? parsed.data.mark.line + 1 : Infinity;
  const reached = lines.filter((line) => line.number <= stop && isContent(line));
  for (const line of reached) {
    const slip = slipOn(line, lines, fields);
    if (slip) return { line, field: ownerOf(lines, line, fields), expected: slip };
  }
  const at = lines.find((line) => line.number === stop) ?? reached.at(-1);
  if (!at) return { field: 'front matter', expected: 'YAML could not read the front matter; compare it with the examples in content/README.md' };
  const key = keyOf(at.text);
  if (parsed.success && parsed.data.reason.startsWith('duplicated mapping key') && key) {
    const first = lines.find((line) => line.number < at.number && keyOf(line.text) === key && indentOf(line.text) === indentOf(at.text));
    return { line: at, field: key, expected: `"${key}" is written twice${first ? ` (also on line ${first.number})` : ''}; keep one of the two lines` };
  }
  return {
    line: at,
    field: ownerOf(lines, at, fields),
    expected: `YAML could not read ${quoteLine(at.text)}; check its indentation against the lines above (two spaces per level) and put text with ": " or a leading quote in double quotes`,
  };
}
