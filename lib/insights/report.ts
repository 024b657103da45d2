import { type AgentFamily, type ClientKind, clientKindOf } from '@/lib/http/agent-family';
import type { Inquiry, InsightsStore } from '@/lib/stores/insights/insights-store';
import { getContent } from '@/lib/content';
import { listSitePages, sitemapPath } from '@/lib/site/pages';

const DAY_MS = 86_400_000;
const TOP = 10;

/** The figures of the last `days` days (today included), as `npm run insights` and the digest show them. */
export interface InsightsReport {
  days: number;
  from: string;
  to: string;
  /**
   * Requests per day (every day, quiet ones too): people (browsers), agents (AI and search), scripts (`other`);
   * `views` the page views among them (a prefetch or a file is no view), `visits` the views that began a visit.
   */
  perDay: ({ day: string; views: Record<ClientKind, number>; visits: number } & Record<ClientKind, number>)[];
  totals: Record<ClientKind, number> & { views: Record<ClientKind, number>; visits: number };
  /**
   * Requests by family, every family seen (`browser` is people, `other` scripts), most first, split by what their
   * Web Bot Auth signature proved: verified, invalid (sent and failed), unsigned; `claimed` is invalid + unsigned.
   */
  families: {
    family: AgentFamily;
    requests: number;
    verified: number;
    invalid: number;
    unsigned: number;
    claimed: number;
  }[];
  surfaces: { surface: string; requests: number }[];
  /** Page views of the sitemap's pages, by who viewed them (agents' views are their reads). */
  pages: ({ page: string } & Record<ClientKind, number>)[];
  /** People who arrived by an AI assistant's link (the assistant's key only), and the pages they landed on. */
  sentByAssistants: { assistant: string; views: number; pages: { page: string; views: number }[] }[];
  /** The sitemap's pages no agent or crawler viewed in the period. */
  unreadByAgents: string[];
  /** The previous period of as many days: page views by people, agents' page reads, inquiries, then and now. */
  comparison: Record<'peopleViews' | 'agentReads' | 'inquiries', { previous: number; current: number }>;
  toolCalls: { channel: string; tool: string; calls: number }[];
  /** MCP JSON-RPC messages by method. */
  mcpMethods: { method: string; messages: number }[];
  engagements: { engagement: string; recommended: number }[];
  inquiries: Inquiry[];
  refusals: { quota: string; count: number }[];
  mailFailures: number;
}

type PerDay = Omit<InsightsReport['perDay'][number], 'day'>;

const noRequests = (): Record<ClientKind, number> => ({ people: 0, agents: 0, scripts: 0 });

/** The sitemap's pages that no agent viewed, in the sitemap's order; none when the content cannot be read. */
function unreadByAgents(pages: { page: string; agents: number }[]): string[] {
  const read = new Set(pages.filter((row) => row.agents > 0).map((row) => row.page));
  try {
    return listSitePages(getContent())
      .map((page) => sitemapPath(page.path))
      .filter((path) => !read.has(path));
  } catch {
    return [];
  }
}

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
  const previousFrom = firstDayOf(days, now - days * DAY_MS);
  const [counts, inquiriesSince] = await Promise.all([
    store.readCounts(previousFrom, to),
    store.readInquiries(previousFrom),
  ]);
  const inquiries = inquiriesSince.filter((inquiry) => inquiry.at.slice(0, 10) >= from);
  const previous = { peopleViews: 0, agentReads: 0, inquiries: inquiriesSince.length - inquiries.length };
  const perDay = new Map<string, PerDay>();
  for (let i = days - 1; i >= 0; i--)
    perDay.set(dayOf(now - i * DAY_MS), { ...noRequests(), views: noRequests(), visits: 0 });
  const families = new Map<string, number>();
  const verified = new Map<string, number>();
  const invalid = new Map<string, number>();
  const sent = new Map<string, Map<string, number>>();
  const surfaces = new Map<string, number>();
  const pages = new Map<string, Record<ClientKind, number>>();
  const tools = new Map<string, number>();
  const mcpMethods = new Map<string, number>();
  const engagements = new Map<string, number>();
  const refusals = new Map<string, number>();
  let mailFailures = 0;
  for (const [key, n] of counts) {
    const [day = '', metric, a = '', b = ''] = key.split('|');
    if (day < from) {
      if (metric === 'view' && b === 'people') previous.peopleViews += n;
      if (metric === 'view' && b === 'agents') previous.agentReads += n;
      continue;
    }
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
      case 'invalid':
        add(invalid, a, n);
        break;
      case 'view': {
        const kind = b === 'people' || b === 'scripts' ? b : 'agents';
        const row = pages.get(a) ?? noRequests();
        row[kind] += n;
        pages.set(a, row);
        const bucket = perDay.get(day);
        if (bucket) bucket.views[kind] += n;
        break;
      }
      case 'visit': {
        const bucket = perDay.get(day);
        if (bucket) bucket.visits += n;
        break;
      }
      case 'sent': {
        const landed = sent.get(a) ?? new Map<string, number>();
        add(landed, b, n);
        sent.set(a, landed);
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
  const sum = (of: (row: InsightsReport['perDay'][number]) => number) =>
    perDayRows.reduce((total, row) => total + of(row), 0);
  const views = {
    people: sum((row) => row.views.people),
    agents: sum((row) => row.views.agents),
    scripts: sum((row) => row.views.scripts),
  };
  const allPages = [...pages].map(([page, row]) => ({ page, ...row }));
  return {
    days,
    from,
    to,
    perDay: perDayRows,
    totals: {
      people: sum((row) => row.people),
      agents: sum((row) => row.agents),
      scripts: sum((row) => row.scripts),
      views,
      visits: sum((row) => row.visits),
    },
    families: ranked(
      [...families].map(([family, requests]) => {
        const proved = Math.min(requests, verified.get(family) ?? 0);
        const failed = Math.min(requests - proved, invalid.get(family) ?? 0);
        return {
          family,
          requests,
          verified: proved,
          invalid: failed,
          unsigned: requests - proved - failed,
          claimed: requests - proved,
        };
      }),
      (row) => row.requests,
    ),
    surfaces: ranked(
      [...surfaces].map(([surface, requests]) => ({ surface, requests })),
      (row) => row.requests,
    ),
    pages: ranked(allPages, (row) => row.agents + row.people + row.scripts).slice(0, TOP),
    sentByAssistants: ranked(
      [...sent].map(([assistant, landed]) => ({
        assistant,
        views: [...landed.values()].reduce((total, n) => total + n, 0),
        pages: ranked(
          [...landed].map(([page, n]) => ({ page, views: n })),
          (row) => row.views,
        ),
      })),
      (row) => row.views,
    ),
    unreadByAgents: unreadByAgents(allPages),
    comparison: {
      peopleViews: { previous: previous.peopleViews, current: views.people },
      agentReads: { previous: previous.agentReads, current: views.agents },
      inquiries: { previous: previous.inquiries, current: inquiries.length },
    },
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
