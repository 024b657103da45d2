import { clientKindOf } from '@/lib/http/agent-family';
import {
  CHANNEL_WORDS,
  CLIENT_KIND_WORDS,
  capitalised,
  MCP_MESSAGE_WORDS,
  REFUSAL_WORDS,
  SIGNATURE_WORDS,
  SURFACE_WORDS,
  TOOL_WORDS,
  assistantReferrerWords,
  channelWords,
  senderWords,
  visitorWords,
  wordsFor,
} from '@/lib/words';
import { engagementWords, pageWords } from './content-words';
import type { InsightsReport } from './report';

const TOP_FAMILIES = 10;

/** One table of a report, as the terminal, the digest and the desk show it: her words, never the code's keys. */
export interface ReportTable {
  title: string;
  head: string[];
  rows: string[][];
}

/**
 * The days of the per-day chart: those with a page view by people or agents, and how many had none (folded into
 * one line). A day of scripts alone (a monitor) is a quiet day.
 */
export function foldQuietDays(report: InsightsReport): { busy: InsightsReport['perDay']; quiet: number } {
  const busy = report.perDay.filter((row) => row.views.people + row.views.agents > 0);
  return { busy, quiet: report.perDay.length - busy.length };
}

/** The line that stands for the quiet days, or undefined when every day had page views. */
export function quietDaysLine(report: InsightsReport): string | undefined {
  const { busy, quiet } = foldQuietDays(report);
  if (busy.length === 0) return `No page views in these ${report.days} days.`;
  if (quiet === 0) return undefined;
  return `${quiet} ${quiet === 1 ? 'day' : 'days'} with no page views.`;
}

/** A count with its noun: "1 inquiry", "3 inquiries". */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The headline: page views by people and the visits they made, pages read by agents, inquiries. Scripts (her own
 * curl checks, monitors) are left to the tables, so they never read as agents or people.
 */
export function reportHeadline(report: InsightsReport): string {
  const { views, visits } = report.totals;
  return (
    `Last ${report.days} days (${report.from} to ${report.to}, UTC): ` +
    `${plural(views.people, 'page view', 'page views')} by people in ${plural(visits, 'visit', 'visits')}, ` +
    `${plural(views.agents, 'page', 'pages')} read by AI assistants and crawlers, ` +
    `${plural(report.inquiries.length, 'inquiry', 'inquiries')}`
  );
}

/** A change in words: "12, up 4 from 8", "3, the same as before". */
function change({ previous, current }: { previous: number; current: number }): string {
  if (current === previous) return `${current}, the same as before`;
  return `${current}, ${current > previous ? 'up' : 'down'} ${Math.abs(current - previous)} from ${previous}`;
}

/** This period against the one before it, on the three figures she follows. */
export function comparisonLine(report: InsightsReport): string {
  const { peopleViews, agentReads, inquiries } = report.comparison;
  return (
    `Against the ${report.days} days before: page views by people ${change(peopleViews)}; ` +
    `pages read by agents ${change(agentReads)}; inquiries ${change(inquiries)}`
  );
}

/** The agent families of a report (no browsers, no scripts), most requests first, as many as the tables show. */
export function topAgentFamilies(report: InsightsReport): InsightsReport['families'] {
  return report.families.filter((row) => clientKindOf(row.family) === 'agents').slice(0, TOP_FAMILIES);
}

/** The tables of a report after its per-day chart, in the order the terminal and the digest show them. */
export function reportTables(report: InsightsReport): ReportTable[] {
  const count = (n: number) => String(n);
  const { totals } = report;
  return [
    {
      title: 'Who came',
      head: ['Who', 'Page views', 'Requests'],
      rows: (['people', 'agents', 'scripts'] as const).map((kind) => [
        capitalised(CLIENT_KIND_WORDS[kind]),
        count(totals.views[kind]),
        count(totals[kind]),
      ]),
    },
    {
      title: 'AI assistants and crawlers',
      head: ['Who', 'Requests', ...Object.values(SIGNATURE_WORDS).map(capitalised)],
      rows: topAgentFamilies(report).map((row) => [
        visitorWords(row.family),
        ...[row.requests, row.verified, row.invalid, row.unsigned].map(count),
      ]),
    },
    {
      title: 'What was read',
      head: ['What', 'Requests'],
      rows: report.surfaces.map((row) => [
        wordsFor(SURFACE_WORDS, row.surface, SURFACE_WORDS.other),
        count(row.requests),
      ]),
    },
    {
      title: 'Pages viewed',
      head: ['Page', 'People', 'Agents', 'Scripts'],
      rows: report.pages.map((row) => [pageWords(row.page), count(row.people), count(row.agents), count(row.scripts)]),
    },
    {
      title: 'People sent by AI assistants',
      head: ['Sent by', 'Page views', 'Landed on'],
      rows: report.sentByAssistants.map((row) => [
        assistantReferrerWords(row.assistant),
        count(row.views),
        row.pages.map((page) => pageWords(page.page)).join('; '),
      ]),
    },
    {
      title: 'Pages no AI assistant or crawler read',
      head: ['Page'],
      rows: report.unreadByAgents.map((page) => [pageWords(page)]),
    },
    {
      title: 'Tools used',
      head: ['Tool', 'Through', 'Calls'],
      rows: report.toolCalls.map((row) => [
        wordsFor(TOOL_WORDS, row.tool),
        wordsFor(CHANNEL_WORDS, row.channel),
        count(row.calls),
      ]),
    },
    {
      title: 'MCP messages',
      head: ['What the client did', 'Messages'],
      rows: report.mcpMethods.map((row) => [wordsFor(MCP_MESSAGE_WORDS, row.method), count(row.messages)]),
    },
    {
      title: 'Engagements suggested',
      head: ['Engagement', 'Times'],
      rows: report.engagements.map((row) => [engagementWords(row.engagement), count(row.recommended)]),
    },
    {
      title: 'Inquiries',
      head: ['Reference', 'Received (UTC)', 'Through', 'Sent by', 'Suggested engagement'],
      rows: report.inquiries.map((row) => [
        row.reference,
        row.at.slice(0, 16).replace('T', ' '),
        channelWords(row.channel, row.client),
        senderWords(row.client),
        engagementWords(row.engagement),
      ]),
    },
    {
      title: 'Requests refused',
      head: ['Why', 'Refusals'],
      rows: report.refusals.map((row) => [wordsFor(REFUSAL_WORDS, row.quota), count(row.count)]),
    },
  ];
}
