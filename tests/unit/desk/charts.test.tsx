import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { storedFigures } from '../insights/stored-figures';
import { AgentFamiliesChart } from '@/lib/desk/charts/agent-families-chart';
import { PageViewsPerDayChart } from '@/lib/desk/charts/page-views-per-day-chart';
import { ToolCallsChart } from '@/lib/desk/charts/tool-calls-chart';
import { buildReport } from '@/lib/insights/report';

const NOW = Date.parse('2026-11-25T12:00:00Z');

const storeOf = (counts: Record<string, number>) => storedFigures(counts);

const TRAFFIC = {
  '2026-11-24|request|browser|page-html': 4,
  '2026-11-24|request|ai-crawler/gptbot|discovery': 3,
  '2026-11-24|verified|ai-crawler/gptbot': 2,
  '2026-11-24|request|other|page-markdown': 7,
  '2026-11-20|request|ai-assistant/claude-user|rest-tool': 2,
  '2026-11-21|request|ai-assistant/chatgpt|mcp': 5,
  '2026-11-21|verified|ai-assistant/chatgpt': 5,
  '2026-11-20|tool|rest|evaluate_client_needs': 2,
  '2026-11-21|tool|mcp|evaluate_client_needs': 3,
  '2026-11-21|tool|mcp|schedule_consultation': 1,
  '2026-11-24|view|/|people': 3,
  '2026-11-24|visit|people': 2,
  '2026-11-24|view|/about|agents': 1,
  '2026-11-21|view|/|agents': 4,
  '2026-11-24|invalid|ai-crawler/gptbot': 1,
};

const reportOf = (counts: Record<string, number> = TRAFFIC, days = 7) => buildReport(storeOf(counts), days, NOW);

const textOf = (html: string) => html.replace(/<[^>]+>/g, '');

/** The table beside a chart, read from the markup: its caption, column heads and rows of cell texts. */
function tableOf(html: string) {
  const table = /<table[^>]*>([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
  const rowsOf = (part: string) =>
    [...part.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
      [...(row[1] ?? '').matchAll(/<(th|td)([^>]*)>([\s\S]*?)<\/\1>/g)].map((cell) => ({
        tag: cell[1],
        scope: /scope="(\w+)"/.exec(cell[2] ?? '')?.[1],
        text: textOf(cell[3] ?? ''),
      })),
    );
  const head = rowsOf(/<thead>([\s\S]*?)<\/thead>/.exec(table)?.[1] ?? '')[0] ?? [];
  const body = rowsOf(/<tbody>([\s\S]*?)<\/tbody>/.exec(table)?.[1] ?? '');
  return {
    caption: textOf(/<caption>([\s\S]*?)<\/caption>/.exec(table)?.[1] ?? ''),
    head,
    body,
    /** Each row as its label and numbers, the row header checked to be one. */
    rows: body.map(([label, ...cells]) => [label?.text, ...cells.map((cell) => Number(cell.text))]),
  };
}

/** What every chart's figure holds: a caption, an SVG image named by its title and desc, a table with scopes. */
function expectAccessibleFigure(html: string) {
  expect(html).toMatch(/^<figure[^>]*><figcaption[^>]*>[^<]+<\/figcaption><svg /);
  const svg = /<svg([^>]*)>/.exec(html)?.[1] ?? '';
  expect(svg).toContain('role="img"');
  expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
  // Sized by its viewBox alone, so it shrinks to a phone's width instead of scrolling.
  expect(svg).not.toMatch(/ (width|height)=/);
  const [, labelledBy = ''] = /aria-labelledby="([^"]+)"/.exec(svg) ?? [];
  const ids = labelledBy.split(' ');
  expect(ids).toHaveLength(2);
  expect(html).toMatch(new RegExp(`<title id="${ids[0]}">[^<]+</title><desc id="${ids[1]}">[^<]+</desc>`));
  const table = tableOf(html);
  expect(table.caption).not.toBe('');
  expect(table.head.every((cell) => cell.tag === 'th' && cell.scope === 'col')).toBe(true);
  expect(table.body.every(([first]) => first?.tag === 'th' && first.scope === 'row')).toBe(true);
  expect(html).not.toMatch(/<script/);
  return table;
}

describe('PageViewsPerDayChart', () => {
  it('stacks page views by people and by agents per day; its table holds the report’s numbers', async () => {
    const report = await reportOf();
    const html = renderToStaticMarkup(<PageViewsPerDayChart report={report} />);
    const table = expectAccessibleFigure(html);
    expect(table.head.map((cell) => cell.text)).toEqual([
      'Day',
      'Page views by people',
      'Visits',
      'Pages read by agents',
    ]);
    expect(table.rows).toEqual([
      ['2026-11-21', 0, 0, 4],
      ['2026-11-24', 3, 2, 1],
    ]);
    expect(html).toContain('5 days with no page views.');
    expect(textOf(/<desc[^>]*>[^<]*/.exec(html)?.[0] ?? '')).toContain(
      '3 page views by people in 2 visits, 5 pages read by AI assistants and crawlers',
    );
    // One bar segment per non-zero number; people solid, agents a pattern defined in the SVG.
    expect(html.match(/<rect x=/g)).toHaveLength(3);
    expect(html).toContain('<pattern id="page-views-per-day-7-chart-hatch"');
    expect(html).toMatch(/>People<\/text>.*>AI assistants and crawlers<\/text>/);
  });

  it('labels the days with the ticks d3 picks, and a month with fewer of them', async () => {
    const week = renderToStaticMarkup(<PageViewsPerDayChart report={await reportOf()} />);
    expect(week.match(/text-anchor="middle">\d+ Nov</g)).toHaveLength(7);
    const month = renderToStaticMarkup(<PageViewsPerDayChart report={await reportOf(TRAFFIC, 30)} />);
    expect(month).toContain('id="page-views-per-day-30"');
    const monthLabels = month.match(/text-anchor="middle">\d+ (Oct|Nov)</g)?.length ?? 0;
    expect(monthLabels).toBeGreaterThanOrEqual(3);
    expect(monthLabels).toBeLessThanOrEqual(7);
  });

  it('says there is nothing yet, with no SVG, when no page was viewed', async () => {
    const html = renderToStaticMarkup(<PageViewsPerDayChart report={await reportOf({})} />);
    expect(html).toMatch(
      /^<figure[^>]*><figcaption[^>]*>Page views per day, last 7 days<\/figcaption><p[^>]*>Nothing yet/,
    );
    expect(html).not.toMatch(/<svg|<table/);
  });
});

describe('AgentFamiliesChart', () => {
  it('splits each assistant and crawler by what its signature proved, in her words, as the report’s table', async () => {
    const report = await reportOf();
    const html = renderToStaticMarkup(<AgentFamiliesChart report={report} id="families" />);
    const table = expectAccessibleFigure(html);
    expect(table.head.map((cell) => cell.text)).toEqual(['Who', 'Verified', 'Signature failed', 'Not signed']);
    expect(table.rows).toEqual([
      ['ChatGPT, fetching for a person', 5, 0, 0],
      ['OpenAI&#x27;s crawler (GPTBot)', 2, 1, 0],
      ['Claude, fetching for a person', 0, 0, 2],
    ]);
    for (const [, verified, invalid, unsigned] of table.rows) {
      expect(report.families).toContainEqual(expect.objectContaining({ verified, invalid, unsigned }));
    }
    expect(html).not.toMatch(/ai-crawler|ai-assistant|>browser<|>other</);
    expect(html).toContain('Warning: 1 request carried a signature that failed.');
    // The bars' totals are written beside them, so the chart reads without telling colours apart.
    expect(html).toMatch(/>OpenAI&#x27;s crawler \(GPTBot\)<\/text><text x="\d+" y="\d+">3<\/text>/);
  });

  it('says there is nothing yet when only people and scripts came', async () => {
    const html = renderToStaticMarkup(
      <AgentFamiliesChart report={await reportOf({ '2026-11-24|request|browser|page-html': 4 })} />,
    );
    expect(html).toContain('Nothing yet: no AI assistant or crawler came in these 7 days.');
    expect(html).not.toMatch(/<svg|<table/);
  });
});

describe('ToolCallsChart', () => {
  it('shows calls by tool, split by channel, the table’s numbers the report’s', async () => {
    const report = await reportOf();
    const html = renderToStaticMarkup(<ToolCallsChart report={report} />);
    const table = expectAccessibleFigure(html);
    expect(table.head.map((cell) => cell.text)).toEqual(['Tool', 'The REST API', 'MCP', 'Calls']);
    expect(table.rows).toEqual([
      ['Matching needs to an engagement', 2, 3, 5],
      ['Asking for a consultation', 0, 1, 1],
    ]);
    expect(report.toolCalls.reduce((sum, row) => sum + row.calls, 0)).toBe(6);
    expect(html).not.toMatch(/evaluate_client_needs|schedule_consultation/);
  });

  it('says there is nothing yet when no tool was called', async () => {
    const html = renderToStaticMarkup(<ToolCallsChart report={await reportOf({})} />);
    expect(html).toContain('Nothing yet: no tool was called in these 7 days.');
    expect(html).not.toMatch(/<svg|<table/);
  });
});
