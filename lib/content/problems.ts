import path from 'node:path';
import type { z } from 'zod';

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

/** The path of a content file as the consultant sees it: relative to the project, with forward slashes. */
export function displayPath(file: string): string {
  return path.relative(process.cwd(), file).split(path.sep).join('/');
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date (YYYY-MM-DD)',
};

function describeValue(value: unknown): string {
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  switch (typeof value) {
    case 'string':
      return `the text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
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
  return undefined;
};

/** Turns a failed zod parse into problems, one per issue, with the field written as a dotted path. */
export function problemsFromZod(file: string, error: z.core.$ZodError, prefix = ''): ContentProblem[] {
  return error.issues.flatMap((issue) => {
    const at = [prefix, ...issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : String(part)))];
    const field = (...extra: string[]) =>
      [...at, ...extra].filter(Boolean).join('.').replace(/\.\[/g, '[') || '(whole file)';
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        file,
        field: field(key),
        expected: 'unknown field; check the spelling against content/README.md',
      }));
    }
    return [{ file, field: field(), expected: issue.message }];
  });
}
