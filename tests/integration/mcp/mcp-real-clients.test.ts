import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type RunningApp, ROOT, startApp } from '../support/app';

/**
 * The wires real clients send (tests/fixtures/mcp-clients, one file per client, each with its public sources),
 * replayed request by request against the built app: every request gets a useful answer, whatever the client
 * gets wrong that docs/mcp-clients.md tolerates. A step marked restartBefore runs on a new server process; the
 * requests of a concurrent step are sent at once.
 */
const RequestStepSchema = z.object({
  note: z.string().optional(),
  restartBefore: z.boolean().optional(),
  request: z.object({
    method: z.enum(['GET', 'POST', 'DELETE']).default('POST'),
    headers: z.record(z.string(), z.string()),
    body: z.unknown().optional(),
  }),
  expect: z.object({
    status: z.number().int(),
    result: z.array(z.string()).optional(),
    session: z.literal('save').optional(),
    /** Text the answer, as compact JSON, must contain: what shows that it answers this request and no other. */
    contains: z.array(z.string()).optional(),
  }),
});
type RequestStep = z.infer<typeof RequestStepSchema>;
/** Requests sent all at once (a client with calls in flight together); each must get its own answer. */
const ConcurrentStepSchema = z.object({ note: z.string().optional(), concurrent: z.array(RequestStepSchema).min(2) });
const StepSchema = z.union([RequestStepSchema, ConcurrentStepSchema]);
const FixtureSchema = z.object({
  client: z.string(),
  sources: z.array(z.object({ url: z.url(), shows: z.string() })).min(1),
  undocumented: z.array(z.string()),
  steps: z.array(StepSchema).min(1),
});

const FIXTURES = path.join(ROOT, 'tests/fixtures/mcp-clients');
const fixtures = fs
  .readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .map((name) => [name, FixtureSchema.parse(JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')))] as const);

/** A JSON-RPC answer, from a JSON body or the last `data:` line of an event stream. */
async function readAnswer(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return JSON.parse(text);
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .at(-1);
  return JSON.parse(data?.slice(5) ?? 'null');
}

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app.stop());

describe('real client wires, replayed', () => {
  it('covers the clients people use, each with a cited source', () => {
    expect(fixtures.map(([name]) => name).sort()).toEqual([
      'chatgpt-connectors.json',
      'chatgpt-two-planes.json',
      'claude-ai-backend-no-session.json',
      'claude-ai-connectors.json',
      'claude-ai-shared-session.json',
      'claude-code.json',
      'claude-desktop-mcp-remote.json',
      'cursor.json',
      'mcp-inspector.json',
      'opencode.json',
      'vscode.json',
    ]);
  });

  it.each(fixtures)('%s: every request gets a useful answer', async (_name, fixture) => {
    let session = '';
    for (const [index, step] of fixture.steps.entries()) {
      const where = `${fixture.client}, step ${index + 1}${step.note ? ` (${step.note})` : ''}`;
      if ('concurrent' in step) {
        await Promise.all(step.concurrent.map((sent, i) => replay(sent, session, `${where}, request ${i + 1}`)));
        continue;
      }
      if (step.restartBefore) {
        await app.stop();
        app = await startApp();
      }
      session = (await replay(step, session, where)) ?? session;
    }
  });
});

/** Sends one step with the saved session in place of `{session}`; returns the session it issues, when saved. */
async function replay(step: RequestStep, session: string, where: string): Promise<string | undefined> {
  const headers = Object.fromEntries(
    Object.entries(step.request.headers).map(([name, value]) => [name, value.replace('{session}', session)]),
  );
  const response = await fetch(`${app.url}/api/mcp`, {
    method: step.request.method,
    headers,
    body: step.request.body === undefined ? undefined : JSON.stringify(step.request.body),
  });
  if (response.status !== step.expect.status) {
    throw new Error(`${where}: status ${response.status}, expected ${step.expect.status}: ${await response.text()}`);
  }
  const issued = step.expect.session === 'save' ? (response.headers.get('mcp-session-id') ?? '') : undefined;
  if (issued !== undefined) expect(issued, where).not.toBe('');
  if (!step.expect.result && !step.expect.contains) {
    await response.arrayBuffer();
    return issued;
  }
  const answer = await readAnswer(response);
  const parsed = z.object({ result: z.record(z.string(), z.unknown()) }).safeParse(answer);
  expect(parsed.success, `${where}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  for (const key of step.expect.result ?? []) expect(parsed.data?.result, where).toHaveProperty(key);
  for (const text of step.expect.contains ?? []) expect(JSON.stringify(answer), where).toContain(text);
  return issued;
}
