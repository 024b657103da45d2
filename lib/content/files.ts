import fs from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import { fieldsAt, listFieldPaths } from './fields';
import { findLine, splitFrontMatter } from './front-matter';
import { type ContentProblem, type ZodProblemContext, consultantErrorMap, displayPath, problemsFromZod } from './problems';
import { findSwallowedLines } from './slips';
import { type KnownFields, type LineProblem, describeUnclosed, describeYamlErrors, findTabs } from './yaml-errors';

/** The outcome of reading one content file: a typed value, or the problems that stopped it. */
export type FileResult<T> = { ok: true; value: T } | { ok: false; problems: ContentProblem[] };

function fail(file: string, field: string, expected: string): { ok: false; problems: ContentProblem[] } {
  return { ok: false, problems: [{ file: displayPath(file), field, expected }] };
}

function readText(file: string): FileResult<string> {
  try {
    return { ok: true, value: fs.readFileSync(file, 'utf8') };
  } catch (error) {
    const reason = error instanceof Error && 'code' in error && error.code === 'ENOENT' ? 'the file is missing' : String(error);
    return fail(file, '(whole file)', `could not be read: ${reason}`);
  }
}

function validate<S extends z.ZodType>(file: string, schema: S, data: unknown, locate?: ZodProblemContext['locate']): FileResult<z.output<S>> {
  const parsed = schema.safeParse(data, { error: consultantErrorMap });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problems: problemsFromZod(displayPath(file), parsed.error, { schema, data, ...(locate ? { locate } : {}) }) };
}

/** Line and column (both from 1) of a character offset, the way an editor shows them. */
function lineAndColumn(text: string, offset: number): string {
  const lines = text.slice(0, offset).split('\n');
  return `line ${lines.length}, column ${(lines.at(-1) ?? '').length + 1}`;
}

/**
 * Rewords a JSON.parse error for a person with an editor: V8 reports a character offset ("at position 412"),
 * which no editor shows, so it becomes a line and column.
 */
export function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (text.trim() === '') return 'expected valid JSON, but the file is empty';
  const position = /at position (\d+)/.exec(message)?.[1];
  const reason = message
    .replace(/\s*(?:in JSON )?at position \d+.*$/s, '')
    .replace(/,\s*".*" is not valid JSON$/s, '')
    .replace(/^./, (first) => first.toLowerCase());
  const end = text.trimEnd().length;
  if (/Unexpected end of JSON input/.test(message) || (position !== undefined && Number(position) >= end)) {
    return `expected valid JSON, but the file ends too early at ${lineAndColumn(text, end)}; check for a missing closing } or ]`;
  }
  if (position === undefined) return `expected valid JSON (${reason}); check for a missing comma, quote or bracket`;
  return `expected valid JSON (${reason} at ${lineAndColumn(text, Number(position))}); check for a missing comma, quote or bracket just before that point`;
}

/** Reads a JSON file and validates it against a schema. */
export function readJsonFile<S extends z.ZodType>(file: string, schema: S): FileResult<z.output<S>> {
  const text = readText(file);
  if (!text.ok) return text;
  let data: unknown;
  try {
    data = JSON.parse(text.value);
  } catch (error) {
    return fail(file, '(whole file)', describeJsonError(text.value, error));
  }
  return validate(file, schema, data);
}

/** A markdown file's validated front matter and its body. */
interface MarkdownFile<T> {
  data: T;
  body: string;
}

/** A problem found in the front matter's text, as a content problem of `file`. */
function atLine(file: string, { line, field, expected }: LineProblem): ContentProblem {
  return { file: displayPath(file), ...(line ? { line: line.number } : {}), field, expected };
}

/** Problems in the order of their lines, those of the whole front matter last. */
function byLine(a: LineProblem, b: LineProblem): number {
  return (a.line?.number ?? Infinity) - (b.line?.number ?? Infinity);
}

/**
 * Reads a markdown file, validates its YAML front matter against a schema and returns it with the body.
 * Every YAML mistake is reported at once, each at its line; slips YAML would accept silently (tabs, lines joined
 * to the value above) are reported before the schema's own problems.
 */
export function readMarkdownFile<S extends z.ZodType>(file: string, schema: S): FileResult<MarkdownFile<z.output<S>>> {
  const text = readText(file);
  if (!text.ok) return text;
  if (!/^---\r?\n/.test(text.value)) {
    return fail(file, 'front matter', 'expected the file to start with a front matter block between two --- lines');
  }
  const frontMatter = splitFrontMatter(text.value);
  const fields: KnownFields = {
    top: fieldsAt(schema, []),
    nested: listFieldPaths(schema).flatMap((path) => (path.includes('.') ? [path.split('.').at(-1) ?? path] : [])),
  };
  const unclosed = describeUnclosed(frontMatter);
  if (unclosed) return { ok: false, problems: [atLine(file, unclosed)] };
  const tabs = findTabs(frontMatter.lines, fields);
  const document = parseDocument(frontMatter.lines.map((line) => line.text).join('\n'));
  // A tab has its own message above; YAML's words for the same line would only repeat it.
  const tabLines = tabs.map((tab) => tab.line?.number);
  const errors = document.errors.filter((error) => error.code !== 'TAB_AS_INDENT');
  const unread = describeYamlErrors(frontMatter.lines, errors, fields).filter(
    (problem) => !tabLines.includes(problem.line?.number),
  );
  if (tabs.length > 0 || unread.length > 0) {
    return { ok: false, problems: [...tabs, ...unread].sort(byLine).map((problem) => atLine(file, problem)) };
  }
  const data: unknown = document.contents === null ? {} : document.toJS();
  const body = text.value.split(/\r?\n/).slice(frontMatter.closing).join('\n').trim();
  const locate = (path: readonly PropertyKey[]) => findLine(frontMatter.lines, path);
  const slips = findSwallowedLines(frontMatter.lines, data, fields.top).map((slip) => atLine(file, slip));
  const validated = validate(file, schema, data, locate);
  // A joined line also breaks the value it joined; report the cause once, not its echo in the schema check.
  const slipFields = slips.map((slip) => slip.field.split(/[.,]/)[0]);
  const others = validated.ok
    ? []
    : validated.problems.filter((problem) => !slipFields.includes(problem.field.split(/[.,]/)[0]));
  if (!validated.ok || slips.length > 0) return { ok: false, problems: [...slips, ...others] };
  return { ok: true, value: { data: validated.value, body } };
}

/** How copying apps name a copy: "name copy.md", "name copy 2.md", "name 2.md", "name (1).md", "name - Copy.md". */
const COPY_NAME = /^(.+?)(?: copy(?: \d+)?| - copy(?: \(\d+\))?| \(\d+\)| \d+)\.md$/i;

/**
 * Separates copies of a file (a Finder duplicate beside its original) from the files themselves, so that the
 * copy is named as the problem rather than the original reported as its duplicate.
 */
export function setCopiesApart(files: readonly string[]): { files: string[]; copies: ContentProblem[] } {
  const names = new Set(files.map((file) => path.basename(file)));
  const copies: ContentProblem[] = [];
  const kept = files.filter((file) => {
    const original = COPY_NAME.exec(path.basename(file))?.[1];
    if (original === undefined || !names.has(`${original}.md`)) return true;
    copies.push({
      file: displayPath(file),
      field: '(file name)',
      expected: `a copy of ${original}.md; delete it, and make your changes in ${original}.md itself`,
    });
    return false;
  });
  return { files: kept, copies };
}

/** The markdown files of a content folder, sorted by name so that every listing is stable. */
export function listMarkdownFiles(dir: string): FileResult<string[]> {
  try {
    const names = fs.readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md');
    return { ok: true, value: names.sort().map((name) => path.join(dir, name)) };
  } catch {
    return fail(dir, '(folder)', 'expected a folder of markdown files');
  }
}
