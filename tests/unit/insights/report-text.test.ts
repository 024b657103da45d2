import { describe, expect, it } from 'vitest';
import { storedFigures } from './stored-figures';
import { composeDigestMail } from '@/lib/insights/digest-mail';
import { buildReport } from '@/lib/insights/report';
import { reportAsText } from '@/lib/insights/report-text';

const NOW = Date.parse('2026-11-25T12:00:00Z');

const storeOf = (counts: Record<string, number>) => storedFigures(counts);

const TRAFFIC = {
  '2026-11-24|request|browser|page-html': 4,
  '2026-11-24|request|ai-crawler/gptbot|discovery': 3,
  '2026-11-24|request|other|page-markdown': 7,
  '2026-11-20|request|ai-assistant/claude-user|rest-tool': 2,
  '2026-11-24|page|/engagements|people': 4,
  '2026-11-24|page|/engagements|scripts': 7,
};

const textOf = async (days: number, counts: Record<string, number> = TRAFFIC) =>
  reportAsText(await buildReport(storeOf(counts), days, NOW));

describe('the insights report as text', () => {
  it('puts a header row over every table, the per-day chart included', async () => {
    const text = await textOf(7);
    expect(text).toMatch(/Requests per day.*\n +Day \(UTC\) +People +Agents +Scripts\n/);
    expect(text).toMatch(/Top agent families\n +Family +Requests +Verified +Claimed\n/);
    expect(text).toMatch(/Top pages\n +Page +People +Agents +Scripts\n +\/engagements +4 +0 +7\n/);
  });

  it('counts people, agents and scripts apart, and lists no browser or script among agent families', async () => {
    const text = await textOf(7);
    expect(text).toMatch(
      /^Last 7 days \(2026-11-19 to 2026-11-25, UTC\): 5 agent requests, 4 from people, 7 from scripts/,
    );
    expect(text).toMatch(/2026-11-24 +4 +3 +7 +█+▒+\n/);
    const families = text.slice(text.indexOf('Top agent families'), text.indexOf('Requests by surface'));
    expect(families).toContain('ai-crawler/gptbot');
    expect(families).toContain('ai-assistant/claude-user');
    expect(families).not.toMatch(/browser|other/);
  });

  it('shows only the days with requests, and folds the quiet ones into one line', async () => {
    const text = await textOf(30);
    const month = text.slice(0, text.indexOf('Requests by who'));
    expect(month.match(/^ +2026-\d\d-\d\d /gm)).toHaveLength(2);
    expect(month).toContain('28 days with no requests.');
    expect(await textOf(7, {})).toContain('No requests in these 7 days.');
  });

  it('is the digest’s plain-text part, and its HTML chart folds the same quiet days', async () => {
    const [last7, last30] = [await buildReport(storeOf(TRAFFIC), 7, NOW), await buildReport(storeOf(TRAFFIC), 30, NOW)];
    const mail = composeDigestMail(last7, last30, { from: 'a@b.test', to: 'a@b.test', siteName: 'Site' }, 0);
    expect(mail.text).toBe(
      `No inquiry of the last 30 days is unanswered after 24 hours.\n\n${reportAsText(last7)}\n\n${reportAsText(last30)}\n`,
    );
    expect(String(mail.html).match(/white-space:nowrap">2026-/g)).toHaveLength(2);
    expect(String(mail.html)).toContain('5 days with no requests.');
  });
});

describe('the digest on unanswered inquiries', () => {
  it('says in its text and HTML how many are still unanswered after the promised 24 hours', async () => {
    const [last7, last30] = [await buildReport(storeOf(TRAFFIC), 7, NOW), await buildReport(storeOf(TRAFFIC), 30, NOW)];
    const envelope = { from: 'a@b.test', to: 'a@b.test', siteName: 'Site' };
    const two = composeDigestMail(last7, last30, envelope, 2);
    expect(String(two.text).split('\n')[0]).toBe(
      '2 inquiries of the last 30 days are still unanswered after 24 hours.',
    );
    expect(String(two.html)).toContain(
      '<p><strong>2 inquiries of the last 30 days are still unanswered after 24 hours.',
    );
    expect(String(composeDigestMail(last7, last30, envelope, 1).text)).toMatch(
      /^1 inquiry of the last 30 days is still/,
    );
  });
});
