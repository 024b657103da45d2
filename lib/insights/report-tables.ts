import { clientKindOf } from '@/lib/http/agent-family';
import type { InsightsReport } from './report';

const TOP_FAMILIES = 10;

/** One table of a report, as the terminal and the digest both show it. */
export interface ReportTable {
  title: string;
  head: string[];
  rows: string[][];
}

/** The days of the per-day chart: those with any request, and how many had none (folded into one line). */
export function foldQuietDays(report: InsightsReport): { busy: InsightsReport['perDay']; quiet: number } {
  const busy = report.perDay.filter((row) => row.people + row.agents + row.scripts > 0);
  return { busy, quiet: report.perDay.length - busy.length };
}

/** The line that stands for the quiet days, or undefined when every day had requests. */
export function quietDaysLine(report: InsightsReport): string | undefined {
  const { busy, quiet } = foldQuietDays(report);
  if (busy.length === 0) return `No requests in these ${report.days} days.`;
  if (quiet === 0) return undefined;
  return `${quiet} ${quiet === 1 ? 'day' : 'days'} with no requests.`;
}

/** The headline: people, agents and scripts apart, so her own curl checks never read as agents. */
export function reportHeadline(report: InsightsReport): string {
  const { people, agents, scripts } = report.totals;
  return (
    `Last ${report.days} days (${report.from} to ${report.to}, UTC): ${agents} agent requests, ${people} from people, ` +
    `${scripts} from scripts, ${report.inquiries.length} inquiries`
  );
}

/** The agent families of a report (no browsers, no scripts), most requests first, as many as the tables show. */
export function topAgentFamilies(report: InsightsReport): InsightsReport['families'] {
  return report.families.filter((row) => clientKindOf(row.family) === 'agents').slice(0, TOP_FAMILIES);
}

/** The tables of a report after its per-day chart, in the order the terminal and the digest show them. */
export function reportTables(report: InsightsReport): ReportTable[] {
  const count = (n: number) => String(n);
  return [
    {
      title: 'Requests by who sent them',
      head: ['Who', 'Requests'],
      rows: [
        ['People (browsers)', count(report.totals.people)],
        ['Agents (AI assistants, AI and search crawlers)', count(report.totals.agents)],
        ['Scripts (curl, HTTP libraries, monitors, previews)', count(report.totals.scripts)],
      ],
    },
    {
      title: 'Top agent families',
      head: ['Family', 'Requests', 'Verified', 'Claimed'],
      rows: topAgentFamilies(report).map((row) => [
        row.family,
        ...[row.requests, row.verified, row.claimed].map(count),
      ]),
    },
    {
      title: 'Requests by surface',
      head: ['Surface', 'Requests'],
      rows: report.surfaces.map((row) => [row.surface, count(row.requests)]),
    },
    {
      title: 'Top pages',
      head: ['Page', 'People', 'Agents', 'Scripts'],
      rows: report.pages.map((row) => [row.page, count(row.people), count(row.agents), count(row.scripts)]),
    },
    {
      title: 'Tool calls by channel',
      head: ['Tool', 'Channel', 'Calls'],
      rows: report.toolCalls.map((row) => [row.tool, row.channel, count(row.calls)]),
    },
    {
      title: 'MCP messages by method',
      head: ['Method', 'Messages'],
      rows: report.mcpMethods.map((row) => [row.method, count(row.messages)]),
    },
    {
      title: 'Engagements recommended by evaluate_client_needs',
      head: ['Engagement', 'Times'],
      rows: report.engagements.map((row) => [row.engagement, count(row.recommended)]),
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
      rows: report.refusals.map((row) => [row.quota, count(row.count)]),
    },
  ];
}
