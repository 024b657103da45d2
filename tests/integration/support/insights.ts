import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { FLUSH_INTERVAL_MS } from '../../../lib/counting/counts';
import { LmdbInsightsStore } from '../../../lib/stores/insights/lmdb-insights-store';
import type { InsightsStore } from '../../../lib/stores/insights/insights-store';
import { ROOT } from './app';

/** A fresh DATA_DIR for one app (the embedded store and the outbox). */
export const freshDataDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'desk-data-'));

/** The embedded store of DATA_DIR `dataDir`, opened beside the running server (LMDB allows several processes). */
export const embeddedStore = (dataDir: string): InsightsStore => new LmdbInsightsStore(path.join(dataDir, 'insights'));

/** Today's counts whose key (after `YYYY-MM-DD|`) starts with `prefix`, summed. */
export async function countOf(store: InsightsStore, prefix: string): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  let total = 0;
  for (const [key, n] of await store.readCounts(today, today)) if (key.slice(11).startsWith(prefix)) total += n;
  return total;
}

/** How long a test waits for what the server counted to reach the store: a few of its batches (docs/insights.md). */
export const COUNTS_STORED_WITHIN_MS = 4 * FLUSH_INTERVAL_MS;

/** Reads again every 250 ms until `done` holds of what `read` gives, at most COUNTS_STORED_WITHIN_MS; the last read. */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (const until = Date.now() + COUNTS_STORED_WITHIN_MS; !done(value) && Date.now() < until; value = await read()) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return value;
}

/**
 * Waits until `read` reaches `expected` (counts are written in batches); the last value. A value past `expected`
 * is returned at once, so a test that counts too much fails rather than waits.
 */
export const countReaches = (read: () => Promise<number>, expected: number): Promise<number> =>
  readUntil(read, (value) => value >= expected);

/**
 * `npm run [npmFlags] <command> [-- args]` as the consultant types it, with `env` on top of a clean one; its whole
 * stdout and stderr, npm's own lines included.
 */
export async function runNpmScript(
  command: string,
  env: Record<string, string>,
  args: string[] = [],
  npmFlags: string[] = [],
): Promise<{ stdout: string; stderr: string }> {
  const argv = ['run', ...npmFlags, command, ...(args.length > 0 ? ['--', ...args] : [])];
  return promisify(execFile)('npm', argv, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', ...env },
    timeout: 60_000,
  });
}

/** `npm run <command> [-- args]`: its whole stdout, npm's own lines included. */
export const runOwnerCommand = async (command: string, env: Record<string, string>, args: string[] = []) =>
  (await runNpmScript(command, env, args)).stdout;

/** `npm run insights` as a user runs it, with `env` on top of a clean one. */
export const runInsights = (env: Record<string, string>): Promise<string> => runOwnerCommand('insights', env);

/** `npm run -s insights -- --json`, as docs/insights.md gives it: its whole stdout, which must be the JSON. */
export const runInsightsJson = async (env: Record<string, string>): Promise<string> =>
  (await runNpmScript('insights', env, ['--json'], ['-s'])).stdout;

const RowsSchema = z.array(z.record(z.string(), z.unknown()));
const ReportSchema = z.object({
  days: z.number(),
  perDay: z.array(
    z.object({
      day: z.string(),
      agents: z.number(),
      people: z.number(),
      views: z.object({ people: z.number(), agents: z.number(), scripts: z.number() }),
      visits: z.number(),
    }),
  ),
  totals: z.object({
    agents: z.number(),
    people: z.number(),
    views: z.object({ people: z.number(), agents: z.number(), scripts: z.number() }),
    visits: z.number(),
  }),
  families: z.array(
    z.object({
      family: z.string(),
      requests: z.number(),
      verified: z.number(),
      invalid: z.number(),
      unsigned: z.number(),
      claimed: z.number(),
    }),
  ),
  surfaces: z.array(z.object({ surface: z.string(), requests: z.number() })),
  pages: RowsSchema,
  toolCalls: z.array(z.object({ channel: z.string(), tool: z.string(), calls: z.number() })),
  mcpMethods: z.array(z.object({ method: z.string(), messages: z.number() })),
  engagements: RowsSchema,
  inquiries: z.array(
    z.object({
      reference: z.string(),
      at: z.string(),
      channel: z.string(),
      client: z.string(),
      engagement: z.string(),
    }),
  ),
  refusals: z.array(z.object({ quota: z.string(), count: z.number() })),
  mailFailures: z.number(),
  sentByAssistants: z.array(
    z.object({
      assistant: z.string(),
      views: z.number(),
      pages: z.array(z.object({ page: z.string(), views: z.number() })),
    }),
  ),
  unreadByAgents: z.array(z.object({ page: z.string(), title: z.string() })),
  comparison: z.record(z.string(), z.object({ previous: z.number(), current: z.number() })),
});

/** `npm run -s insights -- --json`, parsed: the whole stdout of the npm command must be the JSON. */
export async function insightsJson(env: Record<string, string>) {
  return z
    .object({
      replies: z.object({ waiting: z.number(), pastPromise: z.number() }),
      last7: ReportSchema,
      last30: ReportSchema,
    })
    .parse(JSON.parse(await runInsightsJson(env)));
}
