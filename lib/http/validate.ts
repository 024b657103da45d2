import type { z } from 'zod';
import { shortened } from '@/lib/text/shortened';
import { boundedList } from '@/lib/text/bounded-list';

/**
 * One field that failed validation, worded for the caller:
 * `{ field: 'client_email', message: 'must be an email address…' }`.
 */
interface FieldProblem {
  /** Dotted path of the field; empty for the body as a whole. */
  field: string;
  message: string;
}

type Validated<T> = { ok: true; data: T } | { ok: false; problems: FieldProblem[] };

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'a JSON object',
  record: 'a JSON object',
};

/**
 * Words zod's type and value errors for a caller: "is required (a string)", "must be a string, not number",
 * `must be "ref/prompt"`, `must be one of "debug", "info", "error"`.
 */
const fieldErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type') {
    const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
    if (issue.input === undefined) return `is required (${expected})`;
    const got = issue.input === null ? 'null' : Array.isArray(issue.input) ? 'an array' : typeof issue.input;
    return `must be ${expected}, not ${got}`;
  }
  if (issue.code === 'invalid_value') {
    const values = issue.values.map((value) => JSON.stringify(value));
    return values.length > 2 ? `must be one of ${values.join(', ')}` : `must be ${values.join(' or ')}`;
  }
  return undefined;
};

/** At most this many problems are listed in a message; the rest are counted. */
const MAX_LISTED_PROBLEMS = 10;
/** A field name or message longer than this is cut: the caller's own key names must not make the answer huge. */
const MAX_FIELD_LENGTH = 64;
const MAX_MESSAGE_LENGTH = 200;

/**
 * Validates input against a schema and words every problem per field. Shared by the REST body reader, the
 * contact form and anything else that takes the tools' input, so a field is always explained the same way.
 */
export function validateInput<S extends z.ZodType>(schema: S, data: unknown): Validated<z.output<S>> {
  const parsed = schema.safeParse(data, { error: fieldErrorMap });
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, problems: parsed.error.issues.flatMap((issue) => problemsOf(issue, [])) };
}

/**
 * The problems of one issue at `base`. A union whose every branch fails first at the same field (a `type` naming
 * the kind) says what each branch takes there; otherwise the branch with the fewest problems speaks.
 */
function problemsOf(issue: z.core.$ZodIssue, base: readonly PropertyKey[]): FieldProblem[] {
  const path = [...base, ...issue.path];
  const field = path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      field: shortened([field, key].filter(Boolean).join('.'), MAX_FIELD_LENGTH),
      message: 'is not a known field',
    }));
  }
  const branches = issue.code === 'invalid_union' ? issue.errors.filter((branch) => branch.length > 0) : [];
  if (branches.length === 0) {
    const message = shortened(issue.message, MAX_MESSAGE_LENGTH);
    return [{ field: shortened(field, MAX_FIELD_LENGTH), message: field ? message : `the body ${message}` }];
  }
  const firsts = branches.map((branch) => problemsOf(branch[0] as z.core.$ZodIssue, path)[0]);
  // "must be a string, not boolean" and "must be a number, not boolean": "must be a string or a number, not boolean".
  const takes = firsts.map((each) => (each && /^must be (.+?)(, not .+)?$/.exec(each.message)) ?? undefined);
  const [first] = firsts;
  if (first && firsts.every((each, i) => each?.field === first.field && takes[i])) {
    const taken = new Set(takes.map((take) => take?.[1]));
    return [{ field: first.field, message: `must be ${[...taken].join(' or ')}${takes[0]?.[2] ?? ''}` }];
  }
  const fewest = branches.reduce((best, branch) => (branch.length < best.length ? branch : best));
  return fewest.flatMap((inner) => problemsOf(inner, path));
}

/**
 * "client_name is required (a string); client_email must be an email address", bounded: the first ten problems,
 * then how many more there are.
 */
export function describeProblems(problems: readonly FieldProblem[]): string {
  return boundedList(
    problems.map((problem) => (problem.field ? `${problem.field} ${problem.message}` : problem.message)),
    MAX_LISTED_PROBLEMS,
  );
}
