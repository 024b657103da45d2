import type { InsightsReport } from './report';
import {
  type ReportTable,
  comparisonLine,
  foldQuietDays,
  quietDaysLine,
  reportHeadline,
  reportTables,
} from './report-tables';

const BAR_WIDTH = 30;
const PERSON_MARK = '█';
const AGENT_MARK = '▒';

/** People then agents on one bar, scaled to the busiest day; scripts are left out (a monitor would flatten it). */
function bar(people: number, agents: number, max: number): string {
  const width = (n: number) => (n === 0 || max === 0 ? 0 : Math.max(1, Math.round((n / max) * BAR_WIDTH)));
  return PERSON_MARK.repeat(width(people)) + AGENT_MARK.repeat(width(agents));
}

/** A table under its title: a header row, then the rows; a column of numbers is aligned to the right. */
function aligned({ title, head, rows }: ReportTable): string[] {
  if (rows.length === 0) return [title, '  (none)'];
  const all = [head, ...rows];
  const widths = head.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const numeric = head.map((_, column) => rows.every((row) => /^\d+$/.test(row[column] ?? '')));
  const line = (row: string[]) =>
    `  ${row.map((cell, i) => (numeric[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join('  ')}`;
  return [title, ...all.map((row) => line(row).trimEnd())];
}

/** The per-day chart: only the days with requests, and one line for the quiet ones. */
function perDayLines(report: InsightsReport): string[] {
  const { busy } = foldQuietDays(report);
  const max = Math.max(0, ...busy.map((row) => row.views.people + row.views.agents));
  const chart = aligned({
    title: `Page views per day (${PERSON_MARK} by people, ${AGENT_MARK} read by agents)`,
    head: ['Day (UTC)', 'People', 'Visits', 'Agents', ''],
    rows: busy.map((row) => [
      row.day,
      ...[row.views.people, row.visits, row.views.agents].map(String),
      bar(row.views.people, row.views.agents, max),
    ]),
  });
  const quiet = quietDaysLine(report);
  return busy.length === 0 ? [chart[0] ?? '', `  ${quiet}`] : quiet ? [...chart, `  ${quiet}`] : chart;
}

/** The report as text for a terminal (`npm run insights`) or a plain-text mail: the chart per day, then tables. */
export function reportAsText(report: InsightsReport): string {
  return [
    reportHeadline(report),
    `${comparisonLine(report)}.`,
    '',
    ...perDayLines(report),
    ...reportTables(report).flatMap((table) => ['', ...aligned(table)]),
    '',
    mailFailuresLine(report),
  ].join('\n');
}

/** The consultation mails that could not be delivered in the period. */
export function mailFailuresLine(report: InsightsReport): string {
  return `Consultation mails that could not be sent: ${report.mailFailures}.`;
}
