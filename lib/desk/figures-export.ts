import type { InsightsReport } from '@/lib/insights/report';
import type { DeskFigures } from './figures';
import { csvRows } from './csv-cell';

/** One row of the long CSV: which report and table, the row's label, the series (column) and its value. */
type Row = [period: string, table: string, label: string, series: string, value: string | number];

/** The desk's figures as JSON, exactly as buildDeskFigures returns them. */
export function figuresAsJson(figures: DeskFigures): string {
  return `${JSON.stringify(figures, null, 2)}\n`;
}

function reportRows(period: string, report: InsightsReport): Row[] {
  const kinds = ['people', 'agents', 'scripts'] as const;
  return [
    [period, 'period', 'from', 'day', report.from],
    [period, 'period', 'to', 'day', report.to],
    ...report.perDay.flatMap((row) => kinds.map((kind): Row => [period, 'requests-per-day', row.day, kind, row[kind]])),
    ...kinds.map((kind): Row => [period, 'requests-by-who', kind, 'requests', report.totals[kind]]),
    ...report.families.flatMap((row) =>
      (['requests', 'verified', 'claimed'] as const).map((series): Row => [
        period,
        'families',
        row.family,
        series,
        row[series],
      ]),
    ),
    ...report.surfaces.map((row): Row => [period, 'surfaces', row.surface, 'requests', row.requests]),
    ...report.pages.flatMap((row) => kinds.map((kind): Row => [period, 'pages', row.page, kind, row[kind]])),
    ...report.toolCalls.map((row): Row => [period, 'tool-calls', row.tool, row.channel, row.calls]),
    ...report.mcpMethods.map((row): Row => [period, 'mcp-methods', row.method, 'messages', row.messages]),
    ...report.engagements.map((row): Row => [period, 'engagements', row.engagement, 'recommended', row.recommended]),
    ...report.refusals.map((row): Row => [period, 'refusals', row.quota, 'refusals', row.count]),
    [period, 'mail-failures', 'all', 'failures', report.mailFailures],
  ];
}

/**
 * The desk's figures as one CSV in long form (`period,table,label,series,value`, CRLF lines, RFC 4180): every
 * table of the week and the month, then each inquiry of the month with its fields as series.
 */
export function figuresAsCsv(figures: DeskFigures): string {
  const inquiries = figures.inquiries.flatMap((inquiry) => {
    const fields: [string, string | number][] = [
      ['at', inquiry.at],
      ['channel', inquiry.channel],
      ['client', inquiry.client],
      ['engagement', inquiry.engagement],
      ['age-hours', inquiry.ageHours],
      ['answered-at', inquiry.answeredAt ?? ''],
      ['overdue', String(inquiry.overdue)],
    ];
    return fields.map(([series, value]): Row => ['month', 'inquiries', inquiry.reference, series, value]);
  });
  const rows: Row[] = [
    ['period', 'table', 'label', 'series', 'value'],
    ['', 'generated', 'at', 'time', figures.generatedAt],
    ...reportRows('week', figures.week),
    ...reportRows('month', figures.month),
    ...inquiries,
  ];
  return csvRows(rows);
}
