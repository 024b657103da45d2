import type { InsightsReport } from './report';
import { type ReportTable, reportTables } from './report-tables';

const BAR_WIDTH = 30;

function bar(n: number, max: number): string {
  if (n === 0 || max === 0) return '';
  return '█'.repeat(Math.max(1, Math.round((n / max) * BAR_WIDTH)));
}

function aligned(title: string, rows: string[][]): string[] {
  if (rows.length === 0) return [title, '  (none)'];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return [title, ...rows.map((row) => `  ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd())];
}

/** The report as text for a terminal (`npm run insights`) or a plain-text mail: bars per day, then tables. */
export function reportAsText(report: InsightsReport): string {
  const max = Math.max(...report.perDay.flatMap((row) => [row.agents, row.people]));
  const perDay = report.perDay.map((row) => [
    row.day,
    `agents ${String(row.agents).padStart(6)} ${bar(row.agents, max).padEnd(BAR_WIDTH)}`,
    `people ${String(row.people).padStart(6)} ${bar(row.people, max)}`,
  ]);
  const tables = reportTables(report).flatMap((table: ReportTable) => ['', ...aligned(table.title, table.rows)]);
  return [
    `Last ${report.days} days (${report.from} to ${report.to}, UTC): ${report.totals.agents} agent requests, ${report.totals.people} from people`,
    '',
    ...aligned('Requests per day', perDay),
    ...tables,
    `Mail failures: ${report.mailFailures}`,
  ].join('\n');
}
