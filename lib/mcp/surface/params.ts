import { type JSONRPCRequest, specTypeSchemas } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { boundedList } from '@/lib/text/bounded-list';
import { shortened } from '@/lib/text/shortened';

// A request's params checked against the SDK's own schemas before dispatch, so that a mistake is -32602 in one
// line naming the field (docs/mcp-clients.md, "Mistakes"), not -32603 with the validator's dump.

/** Every request a client may send, as the SDK describes it: a union with one branch per method. */
const ClientRequestSchema = specTypeSchemas.ClientRequest['~standard'];

/** The parts of a validator issue a message is made of; the SDK's issues are zod's. */
const IssueSchema = z.object({
  code: z.string().optional(),
  path: z.array(z.union([z.string(), z.number()])).catch([]),
  message: z.string(),
  expected: z.string().optional(),
  values: z.array(z.unknown()).optional(),
  errors: z.array(z.array(z.unknown())).optional(),
});
type Issue = z.infer<typeof IssueSchema>;
type Path = Issue['path'];

const issuesOf = (raw: readonly unknown[]): Issue[] => raw.flatMap((issue) => IssueSchema.safeParse(issue).data ?? []);

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  record: 'an object',
  array: 'an array',
};

/** `params.ref.type`, `params.items[0]`; a key that is not a plain name is quoted, and cut short. */
function pathOf(path: Path): string {
  return path
    .map((key, index) => {
      if (typeof key === 'number') return `[${key}]`;
      if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `[${JSON.stringify(shortened(key, 40))}]`;
      return index === 0 ? key : `.${key}`;
    })
    .join('');
}

/** What an issue expected, in a few words: "expected a string", `expected "ref/prompt" or "ref/resource"`. */
function expectation(issue: Issue): string {
  if (issue.code === 'invalid_type' && issue.expected) {
    return `expected ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
  }
  if (issue.code === 'invalid_value' && issue.values) {
    return `expected ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}`;
  }
  return shortened(issue.message.replace(/^Invalid input: /, ''), 120);
}

/**
 * The problems of one issue as `path: expectation`. A union that fails at the same field in every branch (a
 * `type` naming the kind) names what each branch expected there; else the branch with fewest problems speaks.
 */
function problemsOf(issue: Issue, base: Path = []): string[] {
  const path = [...base, ...issue.path];
  if (issue.code !== 'invalid_union' || !issue.errors?.length) return [`${pathOf(path)}: ${expectation(issue)}`];
  const branches = issue.errors.map(issuesOf).filter((branch) => branch.length > 0);
  const firsts = branches.map((branch) => branch[0]).filter((first) => first !== undefined);
  const [first] = firsts;
  if (first && firsts.length === branches.length && firsts.every((f) => pathOf(f.path) === pathOf(first.path))) {
    const expected = [...new Set(firsts.map((f) => expectation(f).replace(/^expected /, '')))];
    return [`${pathOf([...path, ...first.path])}: expected ${expected.join(' or ')}`];
  }
  const fewest = branches.reduce((best, branch) => (branch.length < best.length ? branch : best), branches[0] ?? []);
  return fewest.flatMap((inner) => problemsOf(inner, path));
}

/** The most problems one message names; the rest are counted. */
export const MAX_NAMED_PROBLEMS = 3;

/**
 * The -32602 error for a request whose params do not fit its method's schema in the SDK, e.g.
 * `Invalid params for tools/list: params.cursor: expected a string.`; undefined when they fit, or for a method
 * the SDK does not know (that is -32601, the SDK's to answer).
 */
export function paramsMistake(request: JSONRPCRequest): { code: -32602; message: string } | undefined {
  const outcome = ClientRequestSchema.validate({ method: request.method, params: request.params });
  if (outcome instanceof Promise || !outcome.issues) return undefined;
  const [union] = issuesOf(outcome.issues);
  // The branch of this method is the one whose problems are not about `method`.
  const own = union?.errors?.map(issuesOf).find((branch) => !branch.some((issue) => issue.path[0] === 'method'));
  if (!own?.length) return undefined;
  return {
    code: -32602,
    message: `Invalid params for ${request.method}: ${boundedList(
      own.flatMap((issue) => problemsOf(issue)),
      MAX_NAMED_PROBLEMS,
    )}.`,
  };
}
