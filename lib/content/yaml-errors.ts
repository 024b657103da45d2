import type { YAMLError } from 'yaml';
import { valueText } from './fixes';
import { type FrontMatterLines, type SourceLine, indentOf, isContent, keyOf, quoteLine } from './front-matter';

/**
 * YAML mistakes in front matter, worded as the fix. The parser (yaml) reports every place it could not read, in its
 * own terms and sometimes a line before or after the slip; so the lines around each are read for the slips people
 * make, and each one found is reported at its own line.
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

/** Front-matter lines (indexes into them) where YAML found one mistake; for a key written twice, its line. */
interface Stop {
  first: number;
  last: number;
  duplicate?: number;
}

/**
 * Where YAML's errors point, one stretch per mistake. An error covers its own line and the next, since YAML can
 * stop at the field above a line that is out of place; errors whose stretches touch are echoes of one mistake.
 */
function stopsOf(errors: readonly YAMLError[], count: number): Stop[] {
  const spans = errors
    .map((error): Stop => {
      // linePos counts from 1 in the front matter's own text, which holds the lines in order.
      const at = Math.min(Math.max((error.linePos?.[0].line ?? count) - 1, 0), count - 1);
      const last = Math.min(at + 1, count - 1);
      return { first: at, last, ...(error.code === 'DUPLICATE_KEY' ? { duplicate: at } : {}) };
    })
    .sort((a, b) => a.first - b.first);
  const stops: Stop[] = [];
  for (const span of spans) {
    const current = stops.at(-1);
    if (current && span.first <= current.last) {
      current.last = Math.max(current.last, span.last);
      current.duplicate ??= span.duplicate;
    } else stops.push(span);
  }
  return stops;
}

/** A key written twice, at its second line. */
function duplicateAt(lines: readonly SourceLine[], at: SourceLine): LineProblem | undefined {
  const key = keyOf(at.text);
  if (!key) return undefined;
  const first = lines.find(
    (line) => line.number < at.number && keyOf(line.text) === key && indentOf(line.text) === indentOf(at.text),
  );
  const also = first ? ` (also on line ${first.number})` : '';
  return { line: at, field: key, expected: `"${key}" is written twice${also}; keep one of the two lines` };
}

/** What to do about a line YAML could not read that matches none of the slips above. */
function unreadLine(lines: readonly SourceLine[], at: SourceLine, fields: KnownFields): LineProblem {
  return {
    line: at,
    field: ownerOf(lines, at, fields),
    expected:
      `YAML could not read ${quoteLine(at.text)}; check its indentation against the lines above (two spaces per ` +
      'level) and put text with ": " or a leading quote in double quotes',
  };
}

/**
 * Every YAML error in the front matter, in plain words at the line of each mistake. YAML's own error recovery
 * reads on past a mistake, so one read finds them all; each place it reports is read for the slips people make.
 */
export function describeYamlErrors(
  lines: readonly SourceLine[],
  errors: readonly YAMLError[],
  fields: KnownFields,
): LineProblem[] {
  const slip = (line: SourceLine): LineProblem[] => {
    const expected = isContent(line) ? slipOn(line, lines, fields) : undefined;
    return expected ? [{ line, field: ownerOf(lines, line, fields), expected }] : [];
  };
  return stopsOf(errors, lines.length).flatMap((stop): LineProblem[] => {
    const duplicate = stop.duplicate === undefined ? undefined : lines[stop.duplicate];
    const twice = duplicate && duplicateAt(lines, duplicate);
    if (twice) return [twice];
    const found = lines.slice(stop.first, stop.last + 1).flatMap(slip);
    if (found.length > 0) return found;
    const at = lines.slice(0, stop.first + 1).findLast(isContent) ?? lines[stop.first];
    if (at) return [unreadLine(lines, at, fields)];
    const expected = 'YAML could not read the front matter; compare it with content/README.md';
    return [{ field: 'front matter', expected }];
  });
}
