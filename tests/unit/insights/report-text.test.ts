import { describe, expect, it } from 'vitest';
import { storedFigures } from './stored-figures';
import { composeDigestMail } from '@/lib/insights/digest-mail';
import { buildReport } from '@/lib/insights/report';
import { reportAsText } from '@/lib/insights/report-text';

const NOW = Date.parse('2026-11-25T12:00:00Z');

const storeOf = (counts: Record<string, number>) => storedFigures(counts);

const TRAFFIC = {
  '2026-11-24|request|browser|page-html': 9,
  '2026-11-24|request|ai-crawler/gptbot|discovery': 3,
  '2026-11-24|request|ai-crawler/gptbot|page-markdown': 2,
  '2026-11-24|request|other|page-markdown': 7,
  '2026-11-20|request|ai-assistant/claude-user|rest-tool': 2,
  '2026-11-24|view|/engagements|people': 4,
  '2026-11-24|view|/|agents': 2,
  '2026-11-24|view|/engagements|scripts': 7,
  '2026-11-24|visit|people': 3,
  '2026-11-24|sent|chatgpt|/engagements': 2,
  '2026-11-24|verified|ai-crawler/gptbot': 2,
  '2026-11-24|invalid|ai-crawler/gptbot': 1,
  '2026-11-24|mcp|notifications/initialized': 1,
  '2026-11-24|tool|rest|evaluate_client_needs': 1,
  '2026-11-24|engagement|brand-identity': 1,
  '2026-11-24|refusal|general': 1,
  // The week before: the comparison's "before".
  '2026-11-17|view|/about|people': 6,
  '2026-11-16|view|/about|agents': 1,
};

const textOf = async (days: number, counts: Record<string, number> = TRAFFIC) =>
  reportAsText(await buildReport(storeOf(counts), days, NOW));

/** What only the code says: family, surface and channel keys, MCP methods, tool and engagement keys. */
const CODE_WORDS = [
  'ai-crawler',
  'ai-assistant',
  'gptbot',
  'claude-user',
  'page-html',
  'page-markdown',
  'rest-tool',
  'discovery',
  'notifications/',
  'evaluate_client_needs',
  'brand-identity',
  'general',
];

describe('the insights report as text', () => {
  it('counts page views and visits, not requests, in its headline', async () => {
    const text = await textOf(7);
    expect(text).toMatch(
      /^Last 7 days \(2026-11-19 to 2026-11-25, UTC\): 4 page views by people in 3 visits, 2 pages read by AI assistants and crawlers, 0 inquiries\n/,
    );
    expect(text).toMatch(/Page views per day.*\n +Day \(UTC\) +People +Visits +Agents\n +2026-11-24 +4 +3 +2 +█+▒+\n/);
  });

  it('compares the period with the one before on page views, agent reads and inquiries', async () => {
    expect(await textOf(7)).toContain(
      'Against the 7 days before: page views by people 4, down 2 from 6; pages read by agents 2, up 1 from 1; ' +
        'inquiries 0, the same as before.',
    );
  });

  it('says everything in her words, never the code’s', async () => {
    const text = await textOf(7);
    for (const word of CODE_WORDS) expect(text, word).not.toContain(word);
    expect(text).toContain("OpenAI's crawler (GPTBot)");
    expect(text).toContain('the agent API');
    expect(text).toContain('confirming the connection');
    expect(text).toContain('matching needs to an engagement');
    expect(text).toContain('Brand Identity');
  });

  it('keeps verified, failed and unsigned signatures apart', async () => {
    expect(await textOf(7)).toMatch(
      /AI assistants and crawlers\n +Who +Requests +Verified +Signature failed +Not signed\n +OpenAI's crawler \(GPTBot\) +5 +2 +1 +2\n/,
    );
  });

  it('names the people an assistant sent and where they landed, and the pages no agent read', async () => {
    const text = await textOf(7);
    expect(text).toMatch(/People sent by AI assistants\n.*\n +ChatGPT +2 +Engagements\n/);
    const unread = text.slice(text.indexOf('Pages no AI assistant'), text.indexOf('Tools used'));
    expect(unread).toContain('About');
    expect(unread).not.toContain('the home page');
  });

  it('shows only the days with requests, and folds the quiet ones into one line', async () => {
    const text = await textOf(30);
    const month = text.slice(0, text.indexOf('Who came'));
    expect(month.match(/^ +2026-\d\d-\d\d /gm)).toHaveLength(3);
    expect(month).toContain('27 days with no page views.');
    expect(await textOf(7, {})).toContain('No page views in these 7 days.');
  });

  it('is the digest’s plain-text part, and its HTML chart folds the same quiet days', async () => {
    const [last7, last30] = [await buildReport(storeOf(TRAFFIC), 7, NOW), await buildReport(storeOf(TRAFFIC), 30, NOW)];
    const summary = { waiting: 0, pastPromise: 0 };
    const mail = composeDigestMail(last7, last30, { from: 'a@b.test', to: 'a@b.test', siteName: 'Site' }, summary);
    expect(mail.text).toBe(
      `No inquiry waits for your reply (inquiries of the last 30 days).\n\n${reportAsText(last7)}\n\n${reportAsText(last30)}\n`,
    );
    expect(String(mail.html).match(/white-space:nowrap">2026-/g)).toHaveLength(1);
    expect(String(mail.html)).toContain('6 days with no page views.');
  });
});

describe('the digest on inquiries waiting', () => {
  it('says first, in text and HTML, how many wait for her reply and how many are past the 24 hours', async () => {
    const [last7, last30] = [await buildReport(storeOf(TRAFFIC), 7, NOW), await buildReport(storeOf(TRAFFIC), 30, NOW)];
    const envelope = { from: 'a@b.test', to: 'a@b.test', siteName: 'Site' };
    const mail = composeDigestMail(last7, last30, envelope, { waiting: 3, pastPromise: 1 });
    expect(String(mail.text).split('\n')[0]).toBe(
      '3 waiting for your reply, 1 past the 24 hours (inquiries of the last 30 days).',
    );
    expect(String(mail.html)).toContain('<p><strong>3 waiting for your reply, 1 past the 24 hours');
    expect(String(composeDigestMail(last7, last30, envelope, { waiting: 2, pastPromise: 0 }).text)).toMatch(
      /^2 waiting for your reply, none past the 24 hours/,
    );
  });
});
