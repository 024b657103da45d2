import { type AgentFamily, type ClientKind, clientKindOf } from '@/lib/http/agent-family';
import type { Inquiry, InsightsStore } from '@/lib/counting/store';

const DAY_MS = 86_400_000;
const TOP = 10;

/** The figures of the last `days` days (today included), as `npm run insights` and the digest show them. */
export interface InsightsReport {
  days: number;
  from: string;
  to: string;
  /** Requests per day (every day, quiet ones too): people (browsers), agents (AI and search), scripts (`other`). */
  perDay: ({ day: string } & Record<ClientKind, number>)[];
  totals: Record<ClientKind, number>;
  /**
   * Requests by family, every family seen (`browser` is people, `other` scripts), most first, split into those
   * whose Web Bot Auth signature was verified and those only claimed.
   */
  families: { family: AgentFamily; requests: number; verified: number; claimed: number }[];
  surfaces: { surface: string; requests: number }[];
  pages: ({ page: string } & Record<ClientKind, number>)[];
  toolCalls: { channel: string; tool: string; calls: number }[];
  /** MCP JSON-RPC messages by method. */
  mcpMethods: { method: string; messages: number }[];
  engagements: { engagement: string; recommended: number }[];
  inquiries: Inquiry[];
  refusals: { quota: string; count: number }[];
  mailFailures: number;
}

const noRequests = (): Record<ClientKind, number> => ({ people: 0, agents: 0, scripts: 0 });

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

function add<K>(map: Map<K, number>, key: K, n: number): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

const ranked = <T extends Record<string, unknown>>(rows: T[], by: (row: T) => number) =>
  rows.sort((a, b) => by(b) - by(a));

/** The first UTC day (YYYY-MM-DD) of the last `days` days, today included. */
export const firstDayOf = (days: number, now = Date.now()): string => dayOf(now - (days - 1) * DAY_MS);

/** Reads the counts and inquiries of the last `days` days from `store` and sums them up. */
export async function buildReport(store: InsightsStore, days: number, now = Date.now()): Promise<InsightsReport> {
  const to = dayOf(now);
  const from = firstDayOf(days, now);
  const [counts, inquiries] = await Promise.all([store.readCounts(from, to), store.readInquiries(from)]);
  const perDay = new Map<string, Record<ClientKind, number>>();
  for (let i = days - 1; i >= 0; i--) perDay.set(dayOf(now - i * DAY_MS), noRequests());
  const families = new Map<string, number>();
  const verified = new Map<string, number>();
  const surfaces = new Map<string, number>();
  const pages = new Map<string, Record<ClientKind, number>>();
  const tools = new Map<string, number>();
  const mcpMethods = new Map<string, number>();
  const engagements = new Map<string, number>();
  const refusals = new Map<string, number>();
  let mailFailures = 0;
  for (const [key, n] of counts) {
    const [day = '', metric, a = '', b = ''] = key.split('|');
    switch (metric) {
      case 'request': {
        const bucket = perDay.get(day);
        if (bucket) bucket[clientKindOf(a)] += n;
        add(families, a, n);
        add(surfaces, b, n);
        break;
      }
      case 'verified':
        add(verified, a, n);
        break;
      case 'page': {
        const row = pages.get(a) ?? noRequests();
        row[b === 'people' || b === 'scripts' ? b : 'agents'] += n;
        pages.set(a, row);
        break;
      }
      case 'tool':
        add(tools, `${a}|${b}`, n);
        break;
      case 'mcp':
        add(mcpMethods, a, n);
        break;
      case 'engagement':
        add(engagements, a, n);
        break;
      case 'refusal':
        add(refusals, a, n);
        break;
      case 'mail-failure':
        mailFailures += n;
        break;
    }
  }
  const perDayRows = [...perDay].map(([day, row]) => ({ day, ...row }));
  return {
    days,
    from,
    to,
    perDay: perDayRows,
    totals: {
      people: perDayRows.reduce((sum, row) => sum + row.people, 0),
      agents: perDayRows.reduce((sum, row) => sum + row.agents, 0),
      scripts: perDayRows.reduce((sum, row) => sum + row.scripts, 0),
    },
    families: ranked(
      [...families].map(([family, requests]) => {
        const signed = Math.min(requests, verified.get(family) ?? 0);
        return { family, requests, verified: signed, claimed: requests - signed };
      }),
      (row) => row.requests,
    ),
    surfaces: ranked(
      [...surfaces].map(([surface, requests]) => ({ surface, requests })),
      (row) => row.requests,
    ),
    pages: ranked(
      [...pages].map(([page, row]) => ({ page, ...row })),
      (row) => row.agents + row.people + row.scripts,
    ).slice(0, TOP),
    toolCalls: ranked(
      [...tools].map(([key, calls]) => {
        const [channel = '', tool = ''] = key.split('|');
        return { channel, tool, calls };
      }),
      (row) => row.calls,
    ),
    mcpMethods: ranked(
      [...mcpMethods].map(([method, messages]) => ({ method, messages })),
      (row) => row.messages,
    ),
    engagements: ranked(
      [...engagements].map(([engagement, recommended]) => ({ engagement, recommended })),
      (row) => row.recommended,
    ),
    inquiries,
    refusals: ranked(
      [...refusals].map(([quota, count]) => ({ quota, count })),
      (row) => row.count,
    ),
    mailFailures,
  };
}
