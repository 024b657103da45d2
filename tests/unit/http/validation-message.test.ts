import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ScheduleConsultationRequestSchema } from '@/lib/agent/agent-schemas';
import { readJsonBody } from '@/lib/http/body';
import { ValidationError } from '@/lib/api-errors';
import { describeProblems, validateInput } from '@/lib/http/validate';

/** The VALIDATION_FAILED message REST answers for this JSON body. */
async function restMessage(body: unknown): Promise<string> {
  const request = new Request('http://site.test/api/agent/tools/schedule-consultation', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const error = await readJsonBody(request, ScheduleConsultationRequestSchema, 'the fields').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  return error instanceof ValidationError ? error.message : '';
}

/** The message MCP's tools/call words for these arguments (lib/mcp/surface/mcp-tools.ts, which has no body size limit). */
function argumentsMessage(args: unknown): string {
  const validated = validateInput(ScheduleConsultationRequestSchema, args);
  expect(validated.ok).toBe(false);
  return validated.ok ? '' : describeProblems(validated.problems);
}

const unknownFields = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, 1]));

describe('validation messages stay short whatever the body', () => {
  it('a body with a thousand unknown fields: ten are named, the rest counted', async () => {
    const message = await restMessage({ client_name: 'Ada', client_email: 'ada@example.com', ...unknownFields(1000) });
    expect(message.length).toBeLessThan(600);
    expect(message).toContain('f0 is not a known field');
    expect(message).toContain('f9 is not a known field');
    expect(message).not.toContain('f10 ');
    expect(message).toMatch(/and 990 more\.$/);
  });

  it('a 10 KB field name is cut, in the message and in the field of the problem', async () => {
    const key = 'k'.repeat(10_000);
    const message = await restMessage({ client_name: 'Ada', client_email: 'ada@example.com', [key]: 1 });
    expect(message.length).toBeLessThan(200);
    expect(message).toMatch(/k{20,}… is not a known field/);
    const validated = validateInput(ScheduleConsultationRequestSchema, { [key]: 1 });
    expect(validated.ok).toBe(false);
    if (!validated.ok) for (const problem of validated.problems) expect(problem.field.length).toBeLessThanOrEqual(64);
  });

  it('arguments far past the REST size limit, every field wrong and thousands of long unknown names', () => {
    const args = {
      client_name: { deep: [[[{ deeper: 'x'.repeat(5000) }]]] },
      client_email: 'x'.repeat(50_000),
      ...Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`${'n'.repeat(2000)}${i}`, null])),
    };
    const message = argumentsMessage(args);
    expect(message.length).toBeLessThan(1500);
    expect(message).toContain('client_name must be a string, not object');
    expect(message).toMatch(/and \d{4} more$/);
  });

  it('a few problems are all named, as before', () => {
    expect(argumentsMessage({ client_email: 'nope' })).toBe(
      'client_name is required (a string); client_email must be an email address such as name@example.com',
    );
  });
});

describe('a value or a kind the schema does not take', () => {
  const Ref = z.object({
    ref: z.union([
      z.object({ type: z.literal('ref/prompt'), name: z.string() }),
      z.object({ type: z.literal('ref/resource'), uri: z.string() }),
    ]),
    level: z.enum(['debug', 'info', 'error']).optional(),
  });
  const problemsOf = (input: unknown) => {
    const validated = validateInput(Ref, input);
    return validated.ok ? [] : validated.problems;
  };

  it('names each value taken: two with "or", more as a list', () => {
    expect(problemsOf({ ref: { type: 'ref/prompt', name: 'x' }, level: 'loud' })).toEqual([
      { field: 'level', message: 'must be one of "debug", "info", "error"' },
    ]);
  });

  it('a union wrong at the field that names its kind says what each kind is', () => {
    expect(problemsOf({ ref: { type: 'ref/tool', name: 'x' } })).toEqual([
      { field: 'ref.type', message: 'must be "ref/prompt" or "ref/resource"' },
    ]);
  });

  it('a union of types names each type once, and what was sent', () => {
    const validated = validateInput(z.object({ id: z.union([z.string(), z.number()]) }), { id: true });
    expect(validated.ok ? [] : validated.problems).toEqual([
      { field: 'id', message: 'must be a string or a number, not boolean' },
    ]);
  });

  it('a union of the right kind with a field wrong names that field alone', () => {
    expect(problemsOf({ ref: { type: 'ref/resource' } })).toEqual([
      { field: 'ref.uri', message: 'is required (a string)' },
    ]);
  });
});
