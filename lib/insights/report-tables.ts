import type { InsightsReport } from './report';

/** One table of a report, as the terminal and the digest both show it. */
export interface ReportTable {
  title: string;
  head: string[];
  rows: string[][];
}

/** The tables of a report after its per-day chart, in the order the terminal and the digest show them. */
export function reportTables(report: InsightsReport): ReportTable[] {
  return [
    {
      title: 'Top agent families',
      head: ['Family', 'Requests', 'Verified', 'Claimed'],
      rows: report.families.map((row) => [row.family, ...[row.requests, row.verified, row.claimed].map(String)]),
    },
    {
      title: 'Requests by surface',
      head: ['Surface', 'Requests'],
      rows: report.surfaces.map((row) => [row.surface, String(row.requests)]),
    },
    {
      title: 'Top pages',
      head: ['Page', 'Agents', 'People'],
      rows: report.pages.map((row) => [row.page, String(row.agents), String(row.people)]),
    },
    {
      title: 'Tool calls by channel',
      head: ['Tool', 'Channel', 'Calls'],
      rows: report.toolCalls.map((row) => [row.tool, row.channel, String(row.calls)]),
    },
    {
      title: 'MCP messages by method',
      head: ['Method', 'Messages'],
      rows: report.mcpMethods.map((row) => [row.method, String(row.messages)]),
    },
    {
      title: 'Engagements recommended by evaluate_client_needs',
      head: ['Engagement', 'Times'],
      rows: report.engagements.map((row) => [row.engagement, String(row.recommended)]),
    },
    {
      title: 'Inquiries',
      head: ['Reference', 'Time (UTC)', 'Channel', 'Client', 'Engagement'],
      rows: report.inquiries.map((row) => [
        row.reference,
        row.at.slice(0, 16).replace('T', ' '),
        row.channel,
        row.client,
        row.engagement,
      ]),
    },
    {
      title: 'Refused by a quota',
      head: ['Quota', 'Refusals'],
      rows: report.refusals.map((row) => [row.quota, String(row.count)]),
    },
  ];
}
