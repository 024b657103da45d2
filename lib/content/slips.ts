import { type SourceLine, indentOf, isContent, keyOf, quoteLine } from './front-matter';
import { fieldName } from './problems';
import type { LineProblem } from './yaml-errors';

/**
 * Slips YAML accepts without an error: a line indented one space too far is read as the continuation of the
 * value above it, so a keyword joins the one before (`positioning - differentiation`) and a field joins the
 * paragraph above it. The file parses and the schema passes, but evaluate_client_needs never matches the
 * joined keyword and the field is gone. Found by looking for a line's own text inside another value.
 */

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Every text inside `value`, with its path. */
function textsIn(value: unknown, path: PropertyKey[]): { path: PropertyKey[]; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => textsIn(item, [...path, index]));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.entries(value).flatMap(([key, item]) => textsIn(item, [...path, key]));
  }
  return [];
}

/** Lines that YAML folded into the value above them. `topFields` are the fields a file may have at its top. */
export function findSwallowedLines(lines: readonly SourceLine[], data: unknown, topFields: readonly string[]): LineProblem[] {
  const problems: LineProblem[] = [];
  const reported = new Set<string>();
  let owner: SourceLine | undefined;
  for (const line of lines.filter(isContent)) {
    const indent = indentOf(line.text);
    if (indent === 0) {
      owner = line;
      continue;
    }
    const ownerKey = keyOf(owner?.text ?? '');
    if (!owner || !ownerKey) continue;
    const entry = /^[ \t]*- +\S/.test(line.text);
    const key = keyOf(line.text);
    const ownerValue: unknown = data !== null && typeof data === 'object' ? Reflect.get(data, ownerKey) : undefined;
    const field = !entry && key && topFields.includes(key) && data !== null && typeof data === 'object' && Reflect.get(data, key) === undefined;
    if (!(entry && typeof ownerValue === 'object' && ownerValue !== null) && !field) continue;
    const needle = ` ${collapse(line.text)}`;
    const host = textsIn(ownerValue, [ownerKey]).find(({ text }) => collapse(text).includes(needle));
    if (!host || reported.has(host.path.join('.'))) continue;
    reported.add(host.path.join('.'));
    const joined = `"${collapse(host.text).length > 60 ? `${collapse(host.text).slice(0, 59)}…` : collapse(host.text)}"`;
    let expected: string;
    if (field) {
      expected = `${quoteLine(line.text)} is indented, so YAML read it as part of ${ownerKey} (${joined}); start "${key}:" at the beginning of the line, like the other fields`;
    } else {
      const firstItem = lines.find((other) => other.number > (owner?.number ?? 0) && /^[ \t]*- /.test(other.text));
      const width = indentOf(firstItem?.text ?? '');
      expected =
        width !== indent
          ? `${quoteLine(line.text)} is indented by ${indent} spaces where the entries above have ${width}, so YAML joined it to the entry before (${joined}); give every "- " in a list the same ${width} spaces`
          : `${quoteLine(line.text)} was joined to the entry before (${joined}); check the indentation of the lines above it`;
    }
    problems.push({ line, field: fieldName(host.path), expected });
  }
  return problems;
}
