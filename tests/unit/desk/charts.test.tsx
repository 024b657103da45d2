import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { storedFigures } from '../insights/stored-figures';
import { AgentFamiliesChart } from '@/lib/desk/charts/agent-families-chart';
import { RequestsPerDayChart } from '@/lib/desk/charts/requests-per-day-chart';
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
  '2026-11-21|request|ai-assistant/chatgpt-user|mcp': 5,
  '2026-11-21|verified|ai-assistant/chatgpt-user': 5,
  '2026-11-20|tool|rest|evaluate_client_needs': 2,
  '2026-11-21|tool|mcp|evaluate_client_needs': 3,
  '2026-11-21|tool|mcp|schedule_consultation': 1,
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

describe('RequestsPerDayChart', () => {
  it('stacks people, agents and scripts per day; its table holds the report’s numbers for the days with requests', async () => {
    const report = await reportOf();
    const html = renderToStaticMarkup(<RequestsPerDayChart report={report} />);
    const table = expectAccessibleFigure(html);
    expect(table.head.map((cell) => cell.text)).toEqual(['Day', 'People', 'Agents', 'Scripts']);
    expect(table.rows).toEqual(
      report.perDay
        .filter((row) => row.people + row.agents + row.scripts > 0)
        .map((row) => [row.day, row.people, row.agents, row.scripts]),
    );
    expect(table.rows).toEqual([
      ['2026-11-20', 0, 2, 0],
      ['2026-11-21', 0, 5, 0],
      ['2026-11-24', 4, 3, 7],
    ]);
    expect(html).toContain('4 days with no requests.');
    expect(textOf(/<desc[^>]*>[^<]*/.exec(html)?.[0] ?? '')).toContain(
      '4 requests from people, 10 from agents, 7 from scripts',
    );
    // One bar segment per non-zero number; the three series by fill, two of them patterns defined in the SVG.
    expect(html.match(/<rect x=/g)).toHaveLength(5);
    expect(html).toContain('<pattern id="requests-per-day-7-chart-hatch"');
    expect(html).toContain('fill="url(#requests-per-day-7-chart-dots)"');
    expect(html).toMatch(/>People<\/text>.*>Agents<\/text>.*>Scripts<\/text>/);
  });

  it('labels the days with the ticks d3 picks, and a month with fewer of them', async () => {
    const week = renderToStaticMarkup(<RequestsPerDayChart report={await reportOf()} />);
    expect(week.match(/text-anchor="middle">\d+ Nov</g)).toHaveLength(7);
    const month = renderToStaticMarkup(<RequestsPerDayChart report={await reportOf(TRAFFIC, 30)} />);
    expect(month).toContain('id="requests-per-day-30"');
    const monthLabels = month.match(/text-anchor="middle">\d+ (Oct|Nov)</g)?.length ?? 0;
    expect(monthLabels).toBeGreaterThanOrEqual(3);
    expect(monthLabels).toBeLessThanOrEqual(7);
  });

  it('says there is nothing yet, with no SVG, when no request came', async () => {
    const html = renderToStaticMarkup(<RequestsPerDayChart report={await reportOf({})} />);
    expect(html).toMatch(
      /^<figure[^>]*><figcaption[^>]*>Requests per day, last 7 days<\/figcaption><p[^>]*>Nothing yet/,
    );
    expect(html).not.toMatch(/<svg|<table/);
  });
});

describe('AgentFamiliesChart', () => {
  it('splits each agent family into verified and claimed, with no browser or script, as the report’s table', async () => {
    const report = await reportOf();
    const html = renderToStaticMarkup(<AgentFamiliesChart report={report} id="families" />);
    const table = expectAccessibleFigure(html);
    expect(table.head.map((cell) => cell.text)).toEqual(['Family', 'Requests', 'Verified', 'Claimed']);
    expect(table.rows).toEqual([
      ['ai-assistant/chatgpt-user', 5, 5, 0],
      ['ai-crawler/gptbot', 3, 2, 1],
      ['ai-assistant/claude-user', 2, 0, 2],
    ]);
    for (const [family, requests, verified, claimed] of table.rows) {
      expect(report.families).toContainEqual({ family, requests, verified, claimed });
    }
    expect(html).not.toMatch(/>browser<|>other</);
    // The bars' totals are written beside them, so the chart reads without telling colours apart.
    expect(html).toMatch(/>ai-crawler\/gptbot<\/text><text x="\d+" y="\d+">3<\/text>/);
  });

  it('says there is nothing yet when only people and scripts came', async () => {
    const html = renderToStaticMarkup(
      <AgentFamiliesChart report={await reportOf({ '2026-11-24|request|browser|page-html': 4 })} />,
    );
    expect(html).toContain('Nothing yet: no agent asked in these 7 days.');
    expect(html).not.toMatch(/<svg|<table/);
  });
});

describe('ToolCallsChart', () => {
  it('shows calls by tool, split by channel, the table’s numbers the report’s', async () => {
    const report = await reportOf();
    const html = renderToStaticMarkup(<ToolCallsChart report={report} />);
    const table = expectAccessibleFigure(html);
    expect(table.head.map((cell) => cell.text)).toEqual(['Tool', 'REST', 'MCP', 'Calls']);
    expect(table.rows).toEqual([
      ['evaluate_client_needs', 2, 3, 5],
      ['schedule_consultation', 0, 1, 1],
    ]);
    for (const { tool, channel, calls } of report.toolCalls) {
      const row = table.rows.find(([label]) => label === tool);
      expect(row?.[channel === 'rest' ? 1 : 2]).toBe(calls);
    }
  });

  it('says there is nothing yet when no tool was called', async () => {
    const html = renderToStaticMarkup(<ToolCallsChart report={await reportOf({})} />);
    expect(html).toContain('Nothing yet: no tool was called in these 7 days.');
    expect(html).not.toMatch(/<svg|<table/);
  });
});
