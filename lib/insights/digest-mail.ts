import type { SendMailOptions } from 'nodemailer';
import { escapeHtml } from '@/lib/mail/compose';
import type { InsightsReport } from './report';
import { mailFailuresLine, reportAsText } from './report-text';
import { type ReplySummary, waitingLine } from './report-replies';
import {
  type ReportTable,
  comparisonLine,
  foldQuietDays,
  plural,
  quietDaysLine,
  reportHeadline,
  reportTables,
} from './report-tables';

const CHART_WIDTH = 240;
const AGENTS_COLOUR = '#2f5d8a';
const PEOPLE_COLOUR = '#c0662b';

/** One bar of the chart: a table cell of fixed width and colour, which every common mail client draws. */
function barCell(n: number, max: number, colour: string): string {
  const width = n === 0 || max === 0 ? 0 : Math.max(2, Math.round((n / max) * CHART_WIDTH));
  const bar =
    width === 0
      ? ''
      : `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>` +
        `<td class="bar" width="${width}" height="10" bgcolor="${colour}" style="background:${colour};width:${width}px;height:10px;font-size:0;line-height:0">&nbsp;</td>` +
        `</tr></table>`;
  return `<td style="padding:1px 8px 1px 0">${bar}</td><td align="right" style="padding:1px 12px 1px 0">${n}</td>`;
}

/** The per-day chart: HTML tables only (no script, no image, no remote resource); quiet days folded in one line. */
function perDayChart(report: InsightsReport): string {
  const { busy } = foldQuietDays(report);
  const max = Math.max(0, ...busy.flatMap((row) => [row.views.agents, row.views.people]));
  const rows = busy
    .map(
      (row) =>
        `<tr><td style="padding:1px 12px 1px 0;white-space:nowrap">${row.day}</td>` +
        `${barCell(row.views.people, max, PEOPLE_COLOUR)}${barCell(row.views.agents, max, AGENTS_COLOUR)}` +
        `<td align="right" style="padding:1px 12px 1px 0">${row.visits}</td></tr>`,
    )
    .join('\n');
  const quiet = quietDaysLine(report);
  return (
    `<table class="chart" role="presentation" cellpadding="0" cellspacing="0" border="0">` +
    `<tr><th align="left">Day (UTC)</th><th align="left" style="color:${PEOPLE_COLOUR}">Page views by people</th><th></th>` +
    `<th align="left" style="color:${AGENTS_COLOUR}">Pages read by agents</th><th></th><th align="right">Visits</th></tr>${rows}</table>` +
    (quiet ? `<p style="color:#666;margin:4px 0">${quiet}</p>` : '')
  );
}

function htmlTable({ title, head, rows }: ReportTable): string {
  const cells = (row: string[], tag: string) =>
    row.map((cell) => `<${tag} align="left" style="padding:2px 12px 2px 0">${escapeHtml(cell)}</${tag}>`).join('');
  const body =
    rows.length === 0
      ? `<tr><td>(none)</td></tr>`
      : [`<tr>${cells(head, 'th')}</tr>`, ...rows.map((row) => `<tr>${cells(row, 'td')}</tr>`)].join('\n');
  return `<h2 style="font-size:16px;margin:20px 0 6px">${escapeHtml(title)}</h2>\n<table>\n${body}\n</table>`;
}

/**
 * The weekly digest: the last 7 days in full (the chart and every table), the last 30 days in the text part, to
 * the consultant's inbox only, first saying how many of the last 30 days' inquiries wait for her reply and how
 * many of those are past the promised reply time (`replies`, as the desk says it). Built from the same report as `npm run insights`.
 */
export function composeDigestMail(
  last7: InsightsReport,
  last30: InsightsReport,
  envelope: { from: string; to: string; siteName: string },
  summary: ReplySummary,
): SendMailOptions & { from: string; to: string } {
  const replies = `${waitingLine(summary)} (inquiries of the last ${last30.days} days).`;
  const { views } = last7.totals;
  const subject =
    `${envelope.siteName} weekly digest, ${last7.from} to ${last7.to}: ` +
    `${plural(views.people, 'page view', 'page views')} by people, ${plural(views.agents, 'page', 'pages')} read by ` +
    `agents, ${plural(last7.inquiries.length, 'inquiry', 'inquiries')}`;
  // One element a line, so the part stays within the line length 8bit text allows and reads in a text editor.
  const html = [
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.4;color:#222">`,
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>`,
    `<p><strong>${escapeHtml(replies)}</strong></p>`,
    `<p>${escapeHtml(comparisonLine(last7))}.</p>`,
    `<p>Page views per day (last 7 days):</p>${perDayChart(last7)}`,
    ...reportTables(last7).map(htmlTable),
    `<p>${escapeHtml(mailFailuresLine(last7))}</p>`,
    `<p style="color:#666">${escapeHtml(reportHeadline(last30))}. npm run insights shows every figure.</p>`,
    `</body></html>`,
  ].join('\n');
  return {
    from: envelope.from,
    to: envelope.to,
    subject,
    text: `${replies}\n\n${reportAsText(last7)}\n\n${reportAsText(last30)}\n`,
    html,
  };
}
