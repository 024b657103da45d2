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
    ]),
  );
  await store.close();
});
afterAll(() => smtp?.close());

describe('the owner commands, in the consultant’s words', { timeout: 60_000 }, () => {
  it('npm run insights: headed columns, people, agents and scripts apart, quiet days folded', async () => {
    const text = await runInsights({ DATA_DIR: dataDir });
    expect(text).toMatch(/Last 7 days .*: 5 agent requests, 4 from people, 7 from scripts/);
    expect(text).toMatch(/\n +Day \(UTC\) +People +Agents +Scripts\n/);
    expect(text).toMatch(new RegExp(`\\n +${dayOf(0)} +4 +3 +7 +█+▒+\\n`));
    expect(text).toMatch(/Top agent families\n +Family +Requests +Verified +Claimed\n/);
    const families = text.slice(text.indexOf('Top agent families'), text.indexOf('Requests by surface'));
    expect(families).toContain('ai-crawler/gptbot');
    expect(families).not.toMatch(/browser|other/);
    const month = text.slice(text.indexOf('Last 30 days'));
    expect(month.slice(0, month.indexOf('Requests by who')).match(/^ +\d{4}-\d\d-\d\d /gm)).toHaveLength(2);
    expect(month).toContain('28 days with no requests.');
  });

  it('npm run -s insights -- --json: the whole stdout of the npm command is the JSON', async () => {
    const stdout = await runInsightsJson({ DATA_DIR: dataDir });
    const { last7, last30 } = JSON.parse(stdout);
    expect(last7.totals).toEqual({ people: 4, agents: 5, scripts: 7 });
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
