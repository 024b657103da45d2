import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Inquiry } from '@/lib/stores/insights/insights-store';
import { REPLY_PROMISE_HOURS, buildDeskFigures } from '@/lib/desk/figures';
import { buildReport } from '@/lib/insights/report';
import { LmdbInsightsStore } from '@/lib/stores/insights/lmdb-insights-store';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const directories: string[] = [];
const stores: LmdbInsightsStore[] = [];

afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

function openStore(): LmdbInsightsStore {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-figures-'));
  directories.push(directory);
  const store = new LmdbInsightsStore(directory);
  stores.push(store);
  return store;
}

const inquiry = (reference: string, at: string, channel: Inquiry['channel'] = 'rest'): Inquiry => ({
  reference,
  at,
  channel,
  client: channel === 'form' ? 'form' : 'ai-assistant/claude-user',
  engagement: 'positioning-sprint',
});

describe('the desk’s figures, from a real embedded store', () => {
  it('are the reports of `npm run insights` for 7 and 30 days, and the month’s inquiries waiting first', async () => {
    const store = openStore();
    await store.addCounts(
      new Map([
        ['2026-11-24|request|browser|page-html', 4],
        ['2026-11-24|request|ai-crawler/gptbot|discovery', 3],
        ['2026-11-10|request|ai-assistant/claude-user|rest-tool', 2],
      ]),
    );
    // Older than the month: kept by the store, not shown.
    await store.addInquiry(inquiry('261020-OLDONE', '2026-10-20T09:00:00.000Z'));
    await store.addInquiry(inquiry('261110-AAAAAA', '2026-11-10T09:00:00.000Z'));
    await store.addInquiry(inquiry('261124-BBBBBB', '2026-11-24T09:00:00.000Z', 'form'));
    await store.addInquiry(inquiry('261125-CCCCCC', '2026-11-25T02:00:00.000Z', 'mcp'));
    await store.markAnswered('261110-AAAAAA', '2026-11-10T15:30:00.000Z');

    const figures = await buildDeskFigures(store, NOW);
    expect(figures.generatedAt).toBe('2026-11-25T12:00:00.000Z');
    expect(figures.week).toEqual(await buildReport(store, 7, NOW));
    expect(figures.month).toEqual(await buildReport(store, 30, NOW));
    expect(figures.week.totals).toMatchObject({ people: 4, agents: 3, scripts: 0 });
    expect(figures.month.totals.agents).toBe(5);

    expect(REPLY_PROMISE_HOURS).toBe(24);
    // Exactly these fields: no details were kept for these, and the desk adds none. Waiting first, oldest first.
    expect(figures.replies).toEqual({ waiting: 2, pastPromise: 1 });
    expect(figures.inquiries).toEqual([
      { ...inquiry('261124-BBBBBB', '2026-11-24T09:00:00.000Z', 'form'), ageHours: 27, overdue: true },
      { ...inquiry('261125-CCCCCC', '2026-11-25T02:00:00.000Z', 'mcp'), ageHours: 10, overdue: false },
      {
        ...inquiry('261110-AAAAAA', '2026-11-10T09:00:00.000Z'),
        ageHours: 363,
        answeredAt: '2026-11-10T15:30:00.000Z',
        overdue: false,
      },
    ]);
  });

  it('counts an inquiry overdue only past the promised hours, and never once it is answered', async () => {
    const store = openStore();
    const justInside = new Date(NOW - REPLY_PROMISE_HOURS * 3_600_000).toISOString();
    const justPast = new Date(NOW - REPLY_PROMISE_HOURS * 3_600_000 - 1_000).toISOString();
    await store.addInquiry(inquiry('261124-INSIDE', justInside));
    await store.addInquiry(inquiry('261124-PASTIT', justPast));
    expect((await buildDeskFigures(store, NOW)).inquiries.map((row) => [row.reference, row.overdue])).toEqual([
      ['261124-PASTIT', true],
      ['261124-INSIDE', false],
    ]);
    await store.markAnswered('261124-PASTIT', new Date(NOW).toISOString());
    const [, answered] = (await buildDeskFigures(store, NOW)).inquiries;
    expect(answered).toMatchObject({ reference: '261124-PASTIT', overdue: false, ageHours: 24 });
    expect(answered?.answeredAt).toBe('2026-11-25T12:00:00.000Z');
    // Undone, it waits again, and is past the promise again.
    await store.unmarkAnswered('261124-PASTIT');
    const figures = await buildDeskFigures(store, NOW);
    expect(figures.replies).toEqual({ waiting: 2, pastPromise: 1 });
    expect(figures.inquiries.find((row) => row.reference === '261124-PASTIT')).toMatchObject({ overdue: true });
  });

  it('shows who wrote while the details are kept, and nothing of them once erased or past their time', async () => {
    const store = openStore();
    await store.addInquiry(inquiry('261125-KEPTIT', '2026-11-25T09:00:00.000Z'));
    await store.addInquiry(inquiry('261125-EXPIRE', '2026-11-25T08:00:00.000Z'));
    const details = { name: 'Ada Okafor', email: 'ada@example.com', sector: 'fintech', firstLine: 'We sell APIs.' };
    await store.keepDetails('261125-KEPTIT', { ...details, keptUntil: Date.now() + 60_000 });
    await store.keepDetails('261125-EXPIRE', { ...details, keptUntil: Date.now() - 1 });
    const shown = (await buildDeskFigures(store, NOW)).inquiries;
    expect(shown.find((row) => row.reference === '261125-KEPTIT')?.details).toMatchObject(details);
    expect(shown.find((row) => row.reference === '261125-EXPIRE')?.details).toBeUndefined();
    expect(await store.eraseDetails('261125-KEPTIT')).toBe(true);
    expect(await store.eraseDetails('261125-KEPTIT')).toBe(false);
    expect((await buildDeskFigures(store, NOW)).inquiries.every((row) => row.details === undefined)).toBe(true);
    await store.prune('2026-01-01');
    expect(await store.readDetails(['261125-EXPIRE'])).toEqual(new Map());
  });

  it('are empty, not missing, for a new store', async () => {
    const figures = await buildDeskFigures(openStore(), NOW);
    expect(figures.inquiries).toEqual([]);
    expect(figures.week.perDay).toHaveLength(7);
    expect(figures.month.perDay).toHaveLength(30);
  });
});
