import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../support/app';
import { startAppWithMail, stopAppWithMail } from '../support/app-with-mail';
import { signInToDesk } from '../support/desk';
import { freshDataDir, readUntil } from '../support/insights';
import { readOnlyFolder } from '../support/read-only-folder';
import { type TestRedis, mcpPost, rpc, startRedisServer } from '../support/redis';
import { type TestSmtpServer, startSmtpServer } from '../support/smtp';

/**
 * The desk's downloads on the built app: the CSV as a spreadsheet reads it whatever its separator, and the answers
 * while the desk's store cannot answer (Redis stopped, a DATA_DIR that cannot be written).
 */

/** MCP clients' names that would run as formulas in a spreadsheet split at semicolons, tabs or commas. */
const NASTY_NAMES = ['Claude;=HYPERLINK(A9)', 'Agent; +SUM(1;2)', 'Bot;"=1+1"', 'Tool,@cmd'];
/** What a spreadsheet runs as a formula: a cell starting with = + - @ tab or CR, maybe after spaces and quotes. */
const FORMULA_START = /^[\s"]*[=+\-@\t\r]/;
/** The log line a download writes when the desk's store stops answering. */
const OUTAGE_LINE = '[desk] the figures cannot be downloaded';

/** A consultation request over MCP from a client that calls itself `name`, for a person of that name. */
async function requestAs(appUrl: string, name: string): Promise<void> {
  const initialize = await mcpPost(
    appUrl,
    rpc(1, 'initialize', { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name, version: '1' } }),
  );
  await initialize.body?.cancel();
  const call = await mcpPost(
    appUrl,
    rpc(2, 'tools/call', {
      name: 'schedule_consultation',
      arguments: { client_name: name, client_email: 'ada@example.test', project_context: 'A rebrand.' },
    }),
    initialize.headers.get('mcp-session-id') ?? '',
  );
  expect(await call.text()).toContain('"success":true');
}

const download = (appUrl: string, file: string, cookie: string) =>
  fetch(`${appUrl}/desk/${file}`, { headers: { Cookie: cookie } });

/** Downloads both files `times` times each: every answer a plain 503 with Retry-After. */
async function expectUnavailable(appUrl: string, cookie: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    for (const file of ['inquiries.csv', 'figures.json']) {
      const response = await download(appUrl, file, cookie);
      expect(response.status, file).toBe(503);
      expect(Number(response.headers.get('retry-after')), file).toBeGreaterThan(0);
      expect(response.headers.get('content-type'), file).toMatch(/^text\/plain/);
      expect(await response.text(), file).toMatch(/^The figures cannot be read now/);
    }
  }
}

const outageLines = (app: RunningApp) =>
  app
    .output()
    .split('\n')
    .filter((line) => line.includes(OUTAGE_LINE));

describe('the desk’s downloads with Redis', () => {
  let app: RunningApp;
  let smtp: TestSmtpServer;
  let redis: TestRedis;
  let cookie = '';
  beforeAll(async () => {
    redis = await startRedisServer();
    ({ app, smtp } = await startAppWithMail(startSmtpServer, {
      DATA_DIR: freshDataDir(),
      REDIS_URL: redis.url,
      SCHEDULE_LIMIT_PER_HOUR: '10',
    }));
  });
  afterAll(async () => {
    await stopAppWithMail(app, smtp);
    await redis?.close();
  });

  it('writes no cell a spreadsheet would run as a formula, split at commas, semicolons or tabs', async () => {
    for (const name of NASTY_NAMES) await requestAs(app.url, name);
    cookie = await signInToDesk(app.url, smtp);
    const response = await download(app.url, 'inquiries.csv', cookie);
    expect(response.status).toBe(200);
    const csv = await response.text();
    for (const delimiter of [',', ';', '\t']) {
      const cells: string[] = parse(csv, { delimiter, relax_quotes: true, relax_column_count: true }).flat();
      expect(cells.length, delimiter).toBeGreaterThan(NASTY_NAMES.length);
      expect(
        cells.filter((cell) => FORMULA_START.test(cell)),
        delimiter,
      ).toEqual([]);
    }
    // As written, with commas: one row per inquiry under plain headers, each client named in her words with its
    // own name as text, and the person's name, an apostrophe before each formula.
    const [head, ...rows] = parse(csv) as string[][];
    const column = (name: string) => rows.map((row) => (row[head?.indexOf(name) ?? -1] ?? '').replaceAll("'", ''));
    expect(rows).toHaveLength(NASTY_NAMES.length);
    expect(column('Through')).toEqual(NASTY_NAMES.map(() => 'MCP'));
    expect(column('Sent by').sort()).toEqual(
      NASTY_NAMES.map((name) => `an MCP client that calls itself “${name.replace(/^[\s=+\-@]+/, '')}”`).sort(),
    );
    expect(column('Name').sort()).toEqual([...NASTY_NAMES].sort());
  });

  it('answers 503 with Retry-After while Redis is down, says so once, and again after it came back', async () => {
    expect(outageLines(app)).toEqual([]);
    await redis.stop();
    await expectUnavailable(app.url, cookie, 3);
    expect(outageLines(app)).toHaveLength(1);
    await redis.restart();
    // Its data went with it: once it answers, it says the session is unknown.
    const back = await readUntil(
      () => download(app.url, 'figures.json', cookie),
      (response) => response.status !== 503,
    );
    expect(back.status).toBe(401);
    await redis.stop();
    await expectUnavailable(app.url, cookie, 2);
    // The count's writes may log a failure of their own meanwhile; the downloads add one line an outage.
    expect(outageLines(app)).toHaveLength(2);
  });
});

describe('the desk’s downloads with a DATA_DIR that cannot be written', () => {
  let app: RunningApp;
  let folder: ReturnType<typeof readOnlyFolder>;
  beforeAll(async () => {
    folder = readOnlyFolder();
    app = await startApp({ DATA_DIR: folder.dir, RATE_LIMIT_PER_MINUTE: '8' });
  });
  afterAll(async () => {
    await app?.stop();
    folder?.release();
  });

  it('answers 503 with Retry-After, logs one line without a stack, and counts each against the quota', async () => {
    const cookie = 'desk_session=any';
    const logged = app.output().length;
    await expectUnavailable(app.url, cookie, 4);
    expect(outageLines(app)).toEqual([expect.stringMatching(/cannot be written/)]);
    expect(app.output().slice(logged)).not.toMatch(/\n\s+at /);
    // Eight downloads used the address's eight a minute.
    const refused = await download(app.url, 'inquiries.csv', cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/^Too many requests/);
  });
});
