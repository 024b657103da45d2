import fs from 'node:fs';
import { z } from 'zod';
import type { DocumentLibrary } from '@/lib/mcp/surface/mcp-tool';

/** The sets of labelled queries, in the order they were written: tuning, then each held-out set. */
export const QUERY_SPLITS = [
  'tuning',
  'held-out',
  'held-out-2',
  'held-out-3',
  'held-out-4',
  'held-out-5',
  'held-out-6',
] as const;

/** One labelled query: what someone asked search, and every page id a reader would accept first, best first. */
const LabelledQuerySchema = z.strictObject({
  id: z.string().min(1),
  split: z
    .enum(QUERY_SPLITS)
    .describe(
      'tuning may be looked at while tuning; a held-out set only measures, and is spent once used to judge a change',
    ),
  query: z.string().min(1),
  accept: z.array(z.string().min(1)).min(1),
});

const QueryCorpusSchema = z.strictObject({
  about: z.string(),
  queries: z.array(LabelledQuerySchema).min(1),
});

type LabelledQuery = z.infer<typeof LabelledQuerySchema>;

/** Reads and validates a corpus file such as tests/fixtures/search-queries.json. */
export function readQueryCorpus(file: string): LabelledQuery[] {
  return QueryCorpusSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8'))).queries;
}

/** How often search's first result is a page the label accepts. */
interface SearchAccuracy {
  count: number;
  accepted: number;
  accuracy: number;
  /** Queries about one page that got a page about the practice as a whole (`hubs`) first instead. */
  hubFirst: number;
  /** Queries about one page that got another single page (a sibling, not a hub) first instead. */
  siblingFirst: number;
  /** Queries about one page, and how many of them got an accepted page first. */
  onePage: { count: number; accepted: number };
  /** Queries about the practice as a whole (a hub accepted), and how many got an accepted page first. */
  practice: { count: number; accepted: number };
  misses: { query: LabelledQuery; first: string | undefined }[];
}

/** Every page but a single engagement or case study: the homepage, the biography, contact, the lists, for agents. */
export const HUB_IDS: readonly string[] = ['home', 'about', 'contact', 'engagements', 'case-studies', 'agents'];

/** Runs each query through `library` and counts the ones whose first result is accepted. */
export function measureSearchAccuracy(
  library: DocumentLibrary,
  queries: readonly LabelledQuery[],
  hubs: readonly string[] = HUB_IDS,
): SearchAccuracy {
  const misses: SearchAccuracy['misses'] = [];
  let hubFirst = 0;
  let siblingFirst = 0;
  const onePage = { count: 0, accepted: 0 };
  const practice = { count: 0, accepted: 0 };
  for (const query of queries) {
    const first = library.search(query.query, 1)[0]?.id;
    const aboutOnePage = query.accept.every((id) => !hubs.includes(id));
    const tally = aboutOnePage ? onePage : practice;
    tally.count += 1;
    if (first !== undefined && query.accept.includes(first)) {
      tally.accepted += 1;
      continue;
    }
    misses.push({ query, first });
    if (aboutOnePage && first !== undefined) {
      if (hubs.includes(first)) hubFirst += 1;
      else siblingFirst += 1;
    }
  }
  const accepted = queries.length - misses.length;
  const accuracy = queries.length === 0 ? 1 : accepted / queries.length;
  return { count: queries.length, accepted, accuracy, hubFirst, siblingFirst, onePage, practice, misses };
}
