import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteDocumentLibrary } from '@/lib/discovery/mcp/documents';
import { HUB_IDS, measureSearchAccuracy, readQueryCorpus } from '@/lib/discovery/mcp/search/search-accuracy';
import { getCaseStudies, getEngagements } from '@/lib/content';
import { intendedKind, readIntent } from '@/lib/discovery/mcp/search/query-intent';
import { splitQuoted } from '@/lib/discovery/mcp/search/quoted-text';

// MCP search over the real pages: the page a query is about comes first, and the hubs only for the practice as a
// whole (docs/mcp.md, "How search ranks").

const CORPUS = path.resolve(import.meta.dirname, '../../fixtures/search-queries.json');
const library = siteDocumentLibrary('https://consultant.example');
const queries = readQueryCorpus(CORPUS);
const heldOut = queries.filter((query) => query.split === 'held-out');
const heldOut2 = queries.filter((query) => query.split === 'held-out-2');
const heldOut3 = queries.filter((query) => query.split === 'held-out-3');
const heldOut4 = queries.filter((query) => query.split === 'held-out-4');
const heldOut5 = queries.filter((query) => query.split === 'held-out-5');
const heldOut6 = queries.filter((query) => query.split === 'held-out-6');
const tuning = queries.filter((query) => query.split === 'tuning');
const HUBS = HUB_IDS;
// The pages search covers since held-out-6 was written: the sets before it never name them, or only beside a hub.
const LATER_PAGES = ['contact', 'engagements', 'case-studies', 'agents'];

describe('the labelled queries for search', () => {
  it('have unique ids, seven sets of at least 40, and name real pages', () => {
    expect(new Set(queries.map((query) => query.id)).size).toBe(queries.length);
    for (const set of [heldOut, heldOut2, heldOut3, heldOut4, heldOut5, heldOut6, tuning])
      expect(set.length).toBeGreaterThanOrEqual(40);
    for (const query of queries) for (const id of query.accept) expect(library.ids(), query.id).toContain(id);
  });

  it("make every page some query's best answer in each set written for it", () => {
    const singlePages = library.ids().filter((id) => !HUBS.includes(id));
    for (const set of [heldOut, heldOut2, heldOut3, heldOut4, heldOut5, heldOut6, tuning])
      for (const id of singlePages) expect(set.map((query) => query.accept[0])).toContain(id);
    for (const set of [heldOut, heldOut2, heldOut3, heldOut4, heldOut5, tuning])
      for (const id of ['home', 'about']) expect(set.map((query) => query.accept[0])).toContain(id);
    for (const set of [heldOut6, tuning])
      for (const id of LATER_PAGES)
        expect(
          set.map((query) => query.accept[0]),
          id,
        ).toContain(id);
  });
});

describe('search on the labelled queries', () => {
  // The figures of the adopted ranking over every page of the sitemap (docs/mcp.md, "How search ranks"); a ranking
  // that loses a query in any set fails.
  it.each([
    ['held-out', heldOut, 32],
    ['held-out-2', heldOut2, 29],
    ['held-out-3', heldOut3, 27],
    ['held-out-4', heldOut4, 31],
    ['held-out-5', heldOut5, 28],
    ['held-out-6', heldOut6, 37],
    ['tuning', tuning, 54],
  ] as const)('puts an accepted page first for a %s query at least as often as it did', (_, set, floor) => {
    expect(measureSearchAccuracy(library, set, HUBS).accepted).toBeGreaterThanOrEqual(floor);
  });

  // For a query about one engagement or case study, another page first: a hub (any other page of the site), or a
  // sibling (another engagement or case study), mostly a case study before the engagement it used. Neither may grow.
  it.each([
    ['held-out', heldOut, 1, 0],
    ['held-out-2', heldOut2, 0, 4],
    ['held-out-3', heldOut3, 2, 5],
    ['held-out-4', heldOut4, 0, 4],
    ['held-out-5', heldOut5, 1, 2],
    ['held-out-6', heldOut6, 0, 0],
    ['tuning', tuning, 1, 8],
  ] as const)('puts a hub or a sibling first for a %s query about one page no more often', (_, set, hubs, siblings) => {
    const result = measureSearchAccuracy(library, set, HUBS);
    expect(result.hubFirst).toBeLessThanOrEqual(hubs);
    expect(result.siblingFirst).toBeLessThanOrEqual(siblings);
  });

  it('counts a miss as a miss', () => {
    const wrong = heldOut.map((query) => ({ ...query, accept: ['nothing'] }));
    expect(measureSearchAccuracy(library, wrong).accepted).toBe(0);
  });
});

// One query per engagement and case study, in a client's words rather than the page's title.
const PAGE_QUERIES: [string, string][] = [
  ['engagements/positioning-sprint', 'positioning help for a startup that sounds like every competitor'],
  ['engagements/messaging-system', 'help writing our messaging hierarchy and narrative'],
  ['engagements/brand-identity', 'we need a rebrand: new name, logo and visual identity'],
  ['engagements/advisory-retainer', 'someone senior to advise us every month as we grow'],
  ['case-studies/data-infrastructure-positioning', 'pipeline orchestration company compared with ETL tools'],
  ['case-studies/kestrel-compute-series-b', 'GPU inference company raising a Series B'],
  ['case-studies/payments-platform-advisory', 'payments platform adding card issuing and treasury products'],
  ['case-studies/open-source-cloud-messaging', 'open-source framework with a paid cloud edition'],
  ['case-studies/tidewater-grid-rebrand', 'climate tech company renamed for utilities'],
];

describe('search puts the page a query is about first', () => {
  it.each(PAGE_QUERIES)('%s for "%s"', (id, query) => {
    expect(library.search(query, 10)[0]?.id).toBe(id);
  });

  it('has a query for every engagement and case study', () => {
    const ids = [
      ...getEngagements().map((engagement) => `engagements/${engagement.key}`),
      ...getCaseStudies().map((study) => `case-studies/${study.slug}`),
    ];
    expect(PAGE_QUERIES.map(([id]) => id).sort()).toEqual(ids.sort());
  });

  it.each([
    'what does this consultancy do',
    'an overview of what you do for tech companies',
    'how does this consultant work with founders',
    'who runs Plainword and where are they based',
  ])('a hub for the practice as a whole: "%s"', (query) => {
    expect(HUBS).toContain(library.search(query, 10)[0]?.id);
  });

  it('puts each engagement first for its tagline and each case study for its first result, which the homepage quotes', () => {
    const pages = [
      ...getEngagements().map((engagement) => [`engagements/${engagement.key}`, engagement.tagline]),
      ...getCaseStudies().map((study) => [`case-studies/${study.slug}`, study.results[0]]),
    ];
    for (const [id, words] of pages) expect(library.search(words ?? '', 10)[0]?.id, id).toBe(id);
  });

  it('still lists the homepage, below the page, for words it only repeats', () => {
    const ids = library.search('GPU inference company raising a Series B', 10).map((document) => document.id);
    expect(ids.indexOf('home')).toBeGreaterThan(0);
  });
});

describe('search covers every page a person can open', () => {
  it.each([
    ['contact', 'how can I contact the consultant'],
    ['contact', 'reach her by email or phone'],
    ['engagements', 'engagements with their prices'],
    ['case-studies', 'case studies with measured results'],
    ['agents', 'an API for AI agents'],
  ])('%s for "%s"', (id, query) => {
    expect(library.search(query, 10)[0]?.id).toBe(id);
  });

  it('names another page for what it is, not for what it mentions', () => {
    // The brand engagement says "a Positioning Sprint first", the contact page "until Tamsin Kerr replies".
    expect(library.search('how much does a positioning sprint cost', 10)[0]?.id).toBe('engagements/positioning-sprint');
    expect(library.search('who is Tamsin Kerr', 10)[0]?.id).toBe('about');
  });

  it("asks an engagement's cost of the engagement named, not of one whose text says cost", () => {
    expect(library.search('cost of the messaging work', 10)[0]?.id).toBe('engagements/messaging-system');
  });
});

describe('the kind of page a query asks for', () => {
  it.each([
    ['an example of a rebrand for a climate company', 'case study'],
    ['which client did you take through a Series B', 'case study'],
    ['we sound like every competitor', 'engagement'],
    ['what does the retainer cost', 'engagement'],
    ['who runs this consultancy', 'hub'],
    ['rebranding after a merger', undefined],
    ['did you help us before', undefined],
    // "used" stems to "us", which is a cue for an engagement only as the word itself.
    ['the company that used to be a sustainability dashboard', undefined],
  ])('"%s" asks for %s', (query, kind) => {
    expect(intendedKind(query)).toBe(kind);
  });

  it.each([
    ['what does the retainer cost', ['cost']],
    ['an example with results', ['exampl', 'result']],
    ['who runs this consultancy', []],
  ])('"%s" reads as cue words every page of its kind answers: %j', (query, stems) => {
    expect([...readIntent(query).sharedStems]).toEqual(stems);
  });
});

describe("a page's words apart from another page's", () => {
  const others = { urls: new Set(['https://x.example/about']), names: ['About', 'Tamsin Kerr', 'Positioning Sprint'] };

  it("counts another page's name, and a section it heads, as that page's", () => {
    const page = [
      '# Brand',
      'If it is not, we run a Positioning Sprint first.',
      '## About Tamsin Kerr',
      'Founder and principal consultant.',
      '## Launch',
      'Staff first.',
    ].join('\n');
    const { own, listed } = splitQuoted(page, others);
    expect(own).not.toMatch(/Positioning|Founder|Tamsin/);
    expect(own).toContain('Staff first.');
    expect(listed).toContain('Positioning Sprint');
    expect(listed).toContain('Founder and principal consultant.');
  });

  it("leaves a word that only shares a name, and the page heading itself, as the page's own", () => {
    const { own } = splitQuoted('# Positioning Sprints\nA sprint on positioning.', others);
    expect(own).toContain('A sprint on positioning.');
    expect(own).toContain('# Positioning Sprints');
  });
});
