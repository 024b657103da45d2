import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type RunningApp, ROOT, startApp } from './support/app';

/**
 * The wires real clients send (tests/fixtures/mcp-clients, one file per client, each with its public sources),
 * replayed request by request against the built app: every request gets a useful answer, whatever the client
 * gets wrong that docs/mcp-clients.md tolerates. A step marked restartBefore runs on a new server process.
 */
const StepSchema = z.object({
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
  }),
});
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
      'claude-ai-connectors.json',
      'claude-code.json',
      'claude-desktop-mcp-remote.json',
      'cursor.json',
      'mcp-inspector.json',
      'vscode.json',
    ]);
  });

  it.each(fixtures)('%s: every request gets a useful answer', async (_name, fixture) => {
    let session = '';
    for (const [index, step] of fixture.steps.entries()) {
      if (step.restartBefore) {
        await app.stop();
        app = await startApp();
      }
      const headers = Object.fromEntries(
        Object.entries(step.request.headers).map(([name, value]) => [name, value.replace('{session}', session)]),
      );
      const response = await fetch(`${app.url}/api/mcp`, {
        method: step.request.method,
        headers,
        body: step.request.body === undefined ? undefined : JSON.stringify(step.request.body),
      });
      const where = `${fixture.client}, step ${index + 1}${step.note ? ` (${step.note})` : ''}`;
      if (response.status !== step.expect.status) {
        throw new Error(
          `${where}: status ${response.status}, expected ${step.expect.status}: ${await response.text()}`,
        );
      }
      if (step.expect.session === 'save') {
        session = response.headers.get('mcp-session-id') ?? '';
        expect(session, where).not.toBe('');
      }
      if (step.expect.result) {
        const answer = z.object({ result: z.record(z.string(), z.unknown()) }).safeParse(await readAnswer(response));
        expect(answer.success, `${where}: ${JSON.stringify(answer.error?.issues)}`).toBe(true);
        for (const key of step.expect.result) expect(answer.data?.result, where).toHaveProperty(key);
      } else {
        await response.arrayBuffer();
      }
    }
  });
});
