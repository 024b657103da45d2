import type { InsightsReport } from './report';

const BAR_WIDTH = 30;

function bar(n: number, max: number): string {
  if (n === 0 || max === 0) return '';
  return '█'.repeat(Math.max(1, Math.round((n / max) * BAR_WIDTH)));
}

function table(title: string, rows: string[][]): string[] {
  if (rows.length === 0) return [title, '  (none)'];
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return [title, ...rows.map((row) => `  ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd())];
}

/** The report as text for a terminal (`npm run insights`) or a plain-text mail: bars per day, then tables. */
export function reportAsText(report: InsightsReport): string {
  const max = Math.max(...report.perDay.flatMap((row) => [row.agents, row.people]));
  const lines = [
    `Last ${report.days} days (${report.from} to ${report.to}, UTC): ${report.totals.agents} agent requests, ${report.totals.people} from people`,
    '',
    ...table(
      'Requests per day',
      report.perDay.map((row) => [
        row.day,
        `agents ${String(row.agents).padStart(6)} ${bar(row.agents, max)}`,
        `people ${String(row.people).padStart(6)} ${bar(row.people, max)}`,
      ]),
    ),
    '',
    ...table(
      'Top agent families',
      report.families.map((row) => [row.family, String(row.requests)]),
    ),
    '',
    ...table(
      'Requests by surface',
      report.surfaces.map((row) => [row.surface, String(row.requests)]),
    ),
    '',
    ...table(
      'Top pages (agents, people)',
      report.pages.map((row) => [row.page, String(row.agents), String(row.people)]),
    ),
    '',
    ...table(
      'Tool calls by channel',
      report.toolCalls.map((row) => [row.tool, row.channel, String(row.calls)]),
    ),
    '',
    ...table(
      'Engagements recommended by evaluate_client_needs',
      report.engagements.map((row) => [row.engagement, String(row.recommended)]),
    ),
    '',
    ...table(
      'Inquiries',
      report.inquiries.map((row) => [
        row.reference,
        row.at.slice(0, 16).replace('T', ' '),
        row.channel,
        row.client,
        row.engagement,
      ]),
    ),
    '',
    ...table(
      'Refused by a quota',
      report.refusals.map((row) => [row.quota, String(row.count)]),
    ),
    `Mail failures: ${report.mailFailures}`,
  ];
  return lines.join('\n');
}
