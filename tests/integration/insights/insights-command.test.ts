import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  embeddedStore,
  freshDataDir,
  runInsights,
  runInsightsJson,
  runNpmScript,
  runOwnerCommand,
} from '../support/insights';
import { type TestSmtpServer, startSmtpServer } from '../support/smtp';

const DAY_MS = 86_400_000;
const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
const dataDir = freshDataDir();
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Two days with traffic: people, AI agents, and her own curl checks (the `other` family).
  const store = embeddedStore(dataDir);
  await store.addCounts(
    new Map([
      [`${dayOf(0)}|request|browser|page-html`, 4],
      [`${dayOf(0)}|request|ai-crawler/gptbot|discovery`, 3],
      [`${dayOf(0)}|request|other|page-markdown`, 7],
      [`${dayOf(3)}|request|ai-assistant/claude-user|rest-tool`, 2],
      [`${dayOf(0)}|view|/|people`, 3],
      [`${dayOf(0)}|visit|people`, 2],
      [`${dayOf(0)}|view|/about|agents`, 1],
      [`${dayOf(3)}|view|/about|agents`, 1],
    ]),
  );
  await store.close();
});
afterAll(() => smtp?.close());

describe('the owner commands, in the consultant’s words', { timeout: 60_000 }, () => {
  it('npm run insights: waiting inquiries first, page views and visits, headed columns, quiet days folded', async () => {
    const text = await runInsights({ DATA_DIR: dataDir });
    expect(text).toMatch(/\nNo inquiry waits for your reply \(inquiries of the last 30 days\)\.\n\nLast 7 days/);
    expect(text).toMatch(
      /Last 7 days .*: 3 page views by people in 2 visits, 2 pages read by AI assistants and crawlers, 0 inquiries/,
    );
    expect(text).toMatch(/\n +Day \(UTC\) +People +Visits +Agents\n/);
    expect(text).toMatch(new RegExp(`\\n +${dayOf(0)} +3 +2 +1 +█+▒+\\n`));
    expect(text).toMatch(/AI assistants and crawlers\n +Who +Requests +Verified +Signature failed +Not signed\n/);
    const families = text.slice(text.indexOf('AI assistants and crawlers\n'), text.indexOf('What was read'));
    expect(families).toContain("OpenAI's crawler (GPTBot)");
    expect(families).not.toMatch(/browser|other|gptbot\b/);
    const month = text.slice(text.indexOf('Last 30 days'));
    expect(month.slice(0, month.indexOf('Who came')).match(/^ +\d{4}-\d\d-\d\d /gm)).toHaveLength(2);
    expect(month).toContain('28 days with no page views.');
  });

  it('npm run -s insights -- --json: the whole stdout of the npm command is the JSON', async () => {
    const stdout = await runInsightsJson({ DATA_DIR: dataDir });
    const { replies, last7, last30 } = JSON.parse(stdout);
    expect(replies).toEqual({ waiting: 0, pastPromise: 0 });
    expect(last7.totals).toEqual({
      people: 4,
      agents: 5,
      scripts: 7,
      views: { people: 3, agents: 2, scripts: 0 },
      visits: 2,
    });
    expect(last30.perDay).toHaveLength(30);
  });

  it('npm run insights -- --json without -s: npm’s banner first, and a line on how to get JSON alone', async () => {
    const { stdout, stderr } = await runNpmScript('insights', { DATA_DIR: dataDir }, ['--json']);
    expect(stdout).toMatch(/^\n> insights\n> node scripts\/owner-command\.mjs insights --json\n\n\{\n/);
    expect(JSON.parse(stdout.slice(stdout.indexOf('{'))).last7.totals.agents).toBe(5);
    expect(stderr).toContain('for the JSON alone: npm run -s insights -- --json');
  });

  it('npm run digest says the outbox file it was saved in when no SMTP server is set', async () => {
    const stdout = await runOwnerCommand('digest', { DATA_DIR: dataDir, MAIL_TO: 'inbox@consultant.test' });
    const outbox = path.join(dataDir, 'outbox');
    const saved = fs.readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(saved).toHaveLength(1);
    const file = path.join(outbox, saved[0] ?? '');
    expect(stdout).toContain(
      `digest for inbox@consultant.test not sent (SMTP_HOST is not set): saved in the outbox as ${file}`,
    );
    expect(stdout).not.toMatch(/digest sent/);
    expect(fs.readFileSync(file, 'utf8')).toMatch(/weekly digest/);
  });

  it('npm run digest names the address and the SMTP server when one is set', async () => {
    const stdout = await runOwnerCommand('digest', smtp.env({ DATA_DIR: dataDir }));
    expect(stdout).toContain('digest sent to inbox@consultant.test through 127.0.0.1');
    expect(smtp.received.map((mail) => mail.envelope.to)).toEqual([['inbox@consultant.test']]);
  });
});
