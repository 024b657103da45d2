import path from 'node:path';
import { z } from 'zod';
import { fieldsAt, schemaAt, suggestField } from './fields';
import { fixForType } from './fixes';
import type { SourceLine } from './front-matter';
import { shortened } from '@/lib/text/shortened';

/** One thing wrong with a content file: which file, which field, and what was expected there. */
export interface ContentProblem {
  file: string;
  /** The line of the file to change, counted from 1 as an editor counts it, when it is known. */
  line?: number;
  field: string;
  expected: string;
}

/** Formats a problem as the one readable line that `npm run check` and `npm run build` print. */
export function formatProblem(problem: ContentProblem): string {
  const where = problem.line === undefined ? problem.file : `${problem.file}, line ${problem.line}`;
  return `${where}: ${problem.field}: ${problem.expected}`;
}

/** Thrown when content files are wrong; carries every problem found, not just the first. */
export class ContentError extends Error {
  readonly problems: readonly ContentProblem[];

  constructor(problems: readonly ContentProblem[]) {
    super(
      `The content under content/ has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n` +
        problems.map((p) => `  - ${formatProblem(p)}`).join('\n'),
    );
    this.name = 'ContentError';
    this.problems = problems;
  }
}

/**
 * The path of a content file as the consultant sees it: relative to the project, with forward slashes.
 * A folder outside the project (`npm run check -- --dir /tmp/x`) keeps its absolute path, not ../../tmp/x.
 */
export function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  const shown = relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? path.resolve(file) : relative;
  return shown.split(path.sep).join('/');
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  record: 'a group of fields',
  date: 'a date (YYYY-MM-DD)',
};

function describeValue(value: unknown): string {
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  switch (typeof value) {
    case 'string':
      return `the text "${shortened(value, 40)}"`;
    case 'number':
      return `the number ${value}`;
    case 'boolean':
      return `${value}`;
    case 'object':
      return 'a group of fields';
    default:
      return typeof value;
  }
}

/**
 * A per-parse zod error map that words type errors for a person editing a file, not a programmer.
 * Messages written on the schema itself (such as "expected a date written as YYYY-MM-DD") take precedence.
 */
export const consultantErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type') {
    // z.int() reports its type as "number"; its format says it is a whole one.
    const whole = issue.inst instanceof z.ZodNumberFormat && /int/.test(issue.inst.format ?? '');
    const expected = whole ? TYPE_NAMES.int : (TYPE_NAMES[issue.expected] ?? issue.expected);
    if (issue.input === undefined) return `missing; expected ${expected}`;
    return `expected ${expected}, found ${describeValue(issue.input)}`;
  }
  if (issue.code === 'too_small' && issue.origin === 'array') return `expected a list with at least ${issue.minimum} entries`;
  if (issue.code === 'too_big' && issue.origin === 'array') return `expected a list with at most ${issue.maximum} entries`;
  if (issue.code === 'too_small' && issue.origin === 'number') return `expected a number of at least ${issue.minimum}`;
  if (issue.code === 'too_big' && issue.origin === 'number') return `expected a number of at most ${issue.maximum}`;
  return undefined;
};

function samePath(a: readonly PropertyKey[], b: readonly PropertyKey[]): boolean {
  return a.length === b.length && a.every((part, index) => part === b[index]);
}

/** The value at `path` in parsed data, or undefined. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = Reflect.get(current, part);
  }
  return current;
}

/**
 * A field path in the consultant's words: groups joined by dots, list positions counted from 1 as she counts
 * them (`includes, entry 6`, `social, entry 1, url`).
 */
export function fieldName(path: readonly PropertyKey[], prefix = ''): string {
  let name = prefix;
  path.forEach((part, index) => {
    if (typeof part === 'number') name += `, entry ${part + 1}`;
    else if (name === '') name = String(part);
    else name += typeof path[index - 1] === 'number' ? `, ${String(part)}` : `.${String(part)}`;
  });
  return name || '(whole file)';
}

/** What a problem needs to be worded well: the schema, the parsed data and, for YAML, where each value was written. */
export interface ZodProblemContext {
  prefix?: string;
  schema?: z.core.$ZodType;
  data?: unknown;
  locate?: (path: readonly PropertyKey[]) => SourceLine | undefined;
}

/** The same words for every missing required field: what to add and what goes in it. */
function missingMessage(path: readonly PropertyKey[], message: string): string {
  const what = message.replace(/^missing; /, '').replace(/^expected /, '').replace(/, found .*$/, '');
  const name = String(path.at(-1));
  const inside = path.length > 1 ? ` inside "${String(path.findLast((part) => typeof part === 'string' && part !== name) ?? '')}"` : '';
  return `missing; add "${name}:"${inside.replace(' inside ""', '')} followed by ${what}`;
}

/**
 * Turns a failed zod parse into problems, one per issue, with the field written in the consultant's words, the
 * line it is on, and what to write instead. An unknown field close to a known one gets a suggestion
 * (`keyword` → `keywords`) and the "missing" report for the field it was meant to be is dropped: one typo,
 * one line. A value written as a field name (`Positioning Sprint:` where `title:` is missing) is read the same way.
 */
export function problemsFromZod(file: string, error: z.core.$ZodError, context: ZodProblemContext = {}): ContentProblem[] {
  const { prefix = '', schema, data, locate } = context;
  const at = (path: readonly PropertyKey[]) => {
    const line = locate?.(path)?.number;
    return line === undefined ? {} : { line };
  };
  const missingPaths = error.issues.flatMap((issue) =>
    issue.path.length > 0 && valueAt(data, issue.path) === undefined && issue.code !== 'unrecognized_keys' ? [issue.path] : [],
  );
  const handled: PropertyKey[][] = [];
  const unknown = error.issues.flatMap((issue) => {
    if (issue.code !== 'unrecognized_keys') return [];
    const known = schema ? fieldsAt(schema, issue.path) : [];
    return issue.keys.map((key) => {
      const path = [...issue.path, key];
      const suggestion = suggestField(key, known);
      const meant = missingPaths.find((missing) => samePath(missing.slice(0, -1), issue.path));
      let expected: string;
      if (suggestion) {
        handled.push([...issue.path, suggestion]);
        expected = `unknown field; did you mean "${suggestion}"? check the spelling against content/README.md`;
      } else if (valueAt(data, path) === null && meant) {
        handled.push(meant);
        expected = `"${key}:" is not a field name; if it is the ${String(meant.at(-1))}, write "${String(meant.at(-1))}: ${key}"`;
      } else {
        expected = `unknown field; the fields allowed here are ${known.join(', ')}`;
      }
      return { file, ...at(path), field: fieldName(path, prefix), expected };
    });
  });
  const format = file.endsWith('.json') ? 'json' : 'yaml';
  const others = error.issues.flatMap((issue): ContentProblem[] => {
    if (issue.code === 'unrecognized_keys' || handled.some((path) => samePath(path, issue.path))) return [];
    const line = locate?.(issue.path);
    const field = fieldName(issue.path, prefix);
    if (missingPaths.some((path) => samePath(path, issue.path)) && valueAt(data, issue.path.slice(0, -1)) !== undefined) {
      return [{ file, ...at(issue.path.slice(0, -1)), field, expected: missingMessage(issue.path, issue.message) }];
    }
    const value = valueAt(data, issue.path);
    const own = schema && schemaAt(schema, issue.path);
    const key = issue.path.at(-1) ?? '';
    const fix = issue.code === 'invalid_type' ? fixForType(issue.expected, value, key, line, own, format) : '';
    return [{ file, ...(line ? { line: line.number } : {}), field, expected: `${issue.message}${fix}` }];
  });
  return [...others, ...unknown];
}
