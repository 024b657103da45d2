import path from 'node:path';
import type { z } from 'zod';
import { fieldsAt, suggestField } from './fields';
import { shortened } from '@/lib/text/shortened';

/** One thing wrong with a content file: which file, which field, and what was expected there. */
export interface ContentProblem {
  file: string;
  field: string;
  expected: string;
}

/** Formats a problem as the one readable line that `npm run check` and `npm run build` print. */
export function formatProblem(problem: ContentProblem): string {
  return `${problem.file}: ${problem.field}: ${problem.expected}`;
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
    const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
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

/**
 * Turns a failed zod parse into problems, one per issue, with the field written as a dotted path.
 * Given the schema, an unknown field close to a known one gets a suggestion (`keyword` → `keywords`), and
 * the "missing" report for the field it was meant to be is dropped: one typo, one line.
 */
export function problemsFromZod(file: string, error: z.core.$ZodError, prefix = '', schema?: z.core.$ZodType): ContentProblem[] {
  const fieldName = (path: readonly PropertyKey[]) =>
    [prefix, ...path.map((part) => (typeof part === 'number' ? `[${part}]` : String(part)))]
      .filter(Boolean)
      .join('.')
      .replace(/\.\[/g, '[') || '(whole file)';
  const misspelt: PropertyKey[][] = [];
  const problems = error.issues.flatMap((issue) => {
    if (issue.code !== 'unrecognized_keys') return [];
    const known = schema ? fieldsAt(schema, issue.path) : [];
    return issue.keys.map((key) => {
      const suggestion = suggestField(key, known);
      if (suggestion) misspelt.push([...issue.path, suggestion]);
      const hint = suggestion ? `did you mean "${suggestion}"? ` : '';
      return { file, field: fieldName([...issue.path, key]), expected: `unknown field; ${hint}check the spelling against content/README.md` };
    });
  });
  const others = error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') return [];
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    if (missing && misspelt.some((path) => samePath(path, issue.path))) return [];
    return [{ file, field: fieldName(issue.path), expected: issue.message }];
  });
  return [...others, ...problems];
}
