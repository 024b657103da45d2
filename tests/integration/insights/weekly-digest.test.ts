import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, ROOT, startApp } from '../support/app';
import { countOf, countReaches, embeddedStore, freshDataDir } from '../support/insights';
import { type TestRedis, postSchedule, startRedisServer } from '../support/redis';
import { type TestSmtpServer, startSmtpServer } from '../support/smtp';

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const now = new Date();
// This week's slot is the current hour, so a server that starts now finds the digest due.
const dueNow = {
  DIGEST: 'true',
  DIGEST_DAY: WEEKDAYS[now.getUTCDay()] ?? 'mon',
  DIGEST_HOUR: String(now.getUTCHours()),
};

let smtp: TestSmtpServer;
let redis: TestRedis;
const apps: RunningApp[] = [];

beforeAll(async () => {
  [smtp, redis] = await Promise.all([startSmtpServer(), startRedisServer()]);
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await Promise.all([smtp?.close(), redis?.close()]);
});

const digests = () => smtp.received.filter((mail) => /weekly digest/.test(mail.parsed.subject ?? ''));

async function digestsReach(expected: number): Promise<number> {
  for (const until = Date.now() + 20_000; digests().length < expected && Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return digests().length;
}

describe('the weekly digest', () => {
  it('is sent by the running server once a week, once across instances, to MAIL_TO only', async () => {
    const env = smtp.env({ REDIS_URL: redis.url, ...dueNow });
    apps.push(await startApp({ ...env, DATA_DIR: freshDataDir() }));
    const [app] = apps;
    if (!app) return;
    expect(await digestsReach(1)).toBe(1);
    apps.push(await startApp({ ...env, DATA_DIR: freshDataDir() }));
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(digests()).toHaveLength(1);
    expect(digests()[0]?.envelope.to).toEqual(['inbox@consultant.test']);
  });

  it('npm run digest sends it now, with the figures and a chart that needs no script or image', async () => {
    const dataDir = freshDataDir();
    const app = await startApp(smtp.env({ DATA_DIR: dataDir, DIGEST: 'false' }));
    apps.push(app);
    const request = { client_name: 'Ravi Menon', client_email: 'ravi@example.com', project_context: 'a rebrand' };
    const response = await postSchedule(app.url, request, { 'User-Agent': 'Claude-User/1.0' });
    const { reference } = await response.json();
    for (let i = 0; i < 3; i++) await fetch(`${app.url}/llms.txt`, { headers: { 'User-Agent': 'GPTBot/1.1' } });
    for (let i = 0; i < 2; i++) await fetch(`${app.url}/about`, { headers: { 'User-Agent': 'GPTBot/1.1' } });
    // The digest reads what the server has written: wait for its batch of counts.
    const store = embeddedStore(dataDir);
    try {
      expect(await countReaches(() => countOf(store, 'request|ai-crawler/gptbot'), 5)).toBe(5);
    } finally {
      await store.close();
    }

    const before = digests().length;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/digest.ts'],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'production',
          ...smtp.env({ DATA_DIR: dataDir }),
        },
        timeout: 60_000,
      },
    );
    expect(stdout).toContain('digest sent to inbox@consultant.test through 127.0.0.1');
    expect(await digestsReach(before + 1)).toBe(before + 1);
    const mail = digests()[before];
    expect(mail?.envelope.to).toEqual(['inbox@consultant.test']);
    expect(mail?.parsed.cc).toBeUndefined();
    expect(mail?.parsed.bcc).toBeUndefined();
    const html = mail?.parsed.html || '';
    expect(html).toMatch(/<table class="chart"/);
    expect(html).toMatch(/<td class="bar" width="\d+" height="10" bgcolor="#/);
    expect(html).not.toMatch(/<script|<img|url\(|https?:\/\//i);
    expect(html).toContain(reference);
    expect(html).toMatch(/OpenAI(&#39;|&#x27;|')s crawler \(GPTBot\)<\/td><td[^>]*>5</);
    expect(html).not.toMatch(/ai-crawler|gptbot<|schedule_consultation/);
    expect(mail?.parsed.text).toContain(`${reference}`);
    expect(mail?.parsed.text).toMatch(/asking for a consultation +the REST API +1/);
    // The inquiry is minutes old: it waits for her reply, not yet past the promised reply time.
    expect(mail?.parsed.text).toMatch(
      /^1 waiting for your reply, none past the 24 hours \(inquiries of the last 30 days\)\.\n/,
    );
    expect(html).toContain('1 waiting for your reply, none past the 24 hours');
    expect(mail?.parsed.text).toMatch(/Against the 7 days before: page views by people \d+/);
    expect(mail?.parsed.subject).toMatch(
      /weekly digest, \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d: \d+ page views? by people, \d+ pages? read by agents, 1 inquiry$/,
    );
    // As sent, every line of the text and of the HTML stands whole on a line of its own: a saved copy reads as
    // written, its tables unbroken by quoted-printable's soft breaks.
    const rawLines = new Set((mail?.raw ?? '').split('\r\n'));
    expect(mail?.raw).not.toMatch(/^Content-Transfer-Encoding: (quoted-printable|base64)/im);
    for (const line of [...(mail?.parsed.text ?? '').split('\n'), ...html.split('\n')].filter(Boolean)) {
      expect(rawLines.has(line), line).toBe(true);
    }
  });
});
