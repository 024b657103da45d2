import { CLIENT_KIND_WORDS, channelWords, senderWords } from '@/lib/words';
import { engagementWords } from '@/lib/insights/content-words';
import { reportWithWords } from '@/lib/insights/report-json';
import type { DeskFigures } from './figures';
import { csvRows } from './csv-cell';

/**
 * The desk's figures as JSON, as buildDeskFigures returns them, for machines: the stable keys, and nothing of who
 * wrote an inquiry (names, addresses and messages stay on the desk, for the time they are kept).
 */
export function figuresAsJson(figures: DeskFigures): string {
  const inquiries = figures.inquiries.map(({ details, ...inquiry }) => ({ ...inquiry, detailsKept: !!details }));
  const week = reportWithWords(figures.week);
  const month = reportWithWords(figures.month);
  return `${JSON.stringify({ ...figures, week, month, inquiries }, null, 2)}\n`;
}

const hourMinute = (iso: string | undefined) => (iso ? `${iso.slice(0, 16).replace('T', ' ')}` : '');

/**
 * One row per inquiry of the last 30 days, in the desk's order, with plain headers: a spreadsheet opens it as a
 * list. The name, company or sector while the site keeps them; never the email or the message.
 */
export function inquiriesAsCsv(figures: DeskFigures): string {
  return csvRows([
    [
      'Reference',
      'Received (UTC)',
      'Hours waiting',
      'Through',
      'Sent by',
      'Suggested engagement',
      'Answered at (UTC)',
      'Name',
      'Sector',
    ],
    ...figures.inquiries.map((inquiry) => [
      inquiry.reference,
      hourMinute(inquiry.at),
      inquiry.answeredAt ? '' : inquiry.ageHours,
      channelWords(inquiry.channel, inquiry.client),
      senderWords(inquiry.client),
      engagementWords(inquiry.engagement),
      hourMinute(inquiry.answeredAt),
      inquiry.details?.name ?? '',
      inquiry.details?.sector ?? '',
    ]),
  ]);
}

/** One row per day of the last 30, a column per kind of visitor: page views, visits, and every request counted. */
export function trafficAsCsv(figures: DeskFigures): string {
  const kinds = ['people', 'agents', 'scripts'] as const;
  return csvRows([
    [
      'Day (UTC)',
      'Page views by people',
      'Visits by people',
      `Pages read by ${CLIENT_KIND_WORDS.agents}`,
      `Pages read by ${CLIENT_KIND_WORDS.scripts}`,
      ...kinds.map((kind) => `Requests from ${CLIENT_KIND_WORDS[kind]}`),
    ],
    ...figures.month.perDay.map((row) => [
      row.day,
      row.views.people,
      row.visits,
      row.views.agents,
      row.views.scripts,
      ...kinds.map((kind) => row[kind]),
    ]),
  ]);
}
