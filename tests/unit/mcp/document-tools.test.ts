import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { siteDocumentLibrary } from '@/lib/discovery/mcp/documents';
import { MAX_QUERY_LENGTH } from '@/lib/mcp/surface/document-tools';
import { callMcpTool, listMcpTools } from '@/lib/mcp/surface/mcp-tools';
import { getCaseStudies, getContent, getEngagements } from '@/lib/content';
import { renderMarkdownPage } from '@/lib/markdown/page-markdown';
import { listSitePages } from '@/lib/site/pages';

// search and fetch over the site's own pages, ranked by MiniSearch with evaluate_client_needs' stemming.

const ORIGIN = 'https://consultant.example';
const context = {
  origin: ORIGIN,
  requestId: 'documents',
  consume: async () => {},
  client: '127.0.0.1',
  channel: { kind: 'mcp', protocolVersion: '2025-06-18' },
  documents: () => siteDocumentLibrary(ORIGIN),
} as const;

const ResultsSchema = z.object({ results: z.array(z.object({ id: z.string(), title: z.string(), url: z.url() })) });
const DocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  url: z.url(),
  metadata: z.record(z.string(), z.string()),
});

async function search(query: unknown) {
  const result = await callMcpTool('search', { query }, context);
  return { result, results: ResultsSchema.safeParse(result.structuredContent).data?.results ?? [] };
}

describe('search and fetch', () => {
  it('are listed read-only and idempotent, with titles, after the two tools of the agent API', () => {
    const listed = listMcpTools(context.origin).slice(2, 4);
    expect(listed.map((tool) => [tool.name, tool.title, tool.annotations])).toEqual([
      [
        'search',
        'Search the site',
        {
          title: 'Search the site',
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      ],
      [
        'fetch',
        'Fetch a page of the site',
        {
          title: 'Fetch a page of the site',
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
      ],
    ]);
    expect(listed[0]?.inputSchema.required).toEqual(['query']);
    expect(listed[1]?.inputSchema.required).toEqual(['id']);
  });

  it('the documents are every page of the sitemap, contact and the two lists among them', () => {
    const ids = siteDocumentLibrary(context.origin).ids();
    const sitemap = listSitePages(getContent()).map((page) => (page.path === '/' ? 'home' : page.path.slice(1)));
    expect(ids).toEqual(sitemap);
    expect(ids).toEqual(expect.arrayContaining(['home', 'about', 'contact', 'engagements', 'case-studies']));
    for (const engagement of getEngagements()) expect(ids).toContain(`engagements/${engagement.key}`);
    for (const study of getCaseStudies()) expect(ids).toContain(`case-studies/${study.slug}`);
  });

  it.each([
    ['contact', 'contact page'],
    ['engagements', 'list of engagements'],
    ['case-studies', 'list of case studies'],
  ])('fetch returns %s, as its markdown serves it, with its kind', async (id, kind) => {
    const result = await callMcpTool('fetch', { id }, context);
    const page = renderMarkdownPage(`/${id}`, getContent(), ORIGIN);
    expect(DocumentSchema.parse(result.structuredContent)).toEqual({
      id,
      title: page?.title,
      text: page?.markdown,
      url: `${ORIGIN}/${id}`,
      metadata: { kind, description: page?.description, last_updated: page?.lastModified },
    });
  });

  it.each([
    ['we need a new name and logo after a merger', 'engagements/brand-identity'],
    ['rewrite our homepage copy and sales deck in plain words', 'engagements/messaging-system'],
    ['was the consultant a software engineer before marketing', 'about'],
    // One's own need is the engagement's; proof of it asked for is the case study's (docs/mcp.md, "How search ranks").
    ['our pitch deck does not land with investors', 'engagements/messaging-system'],
    ['an example of a pitch deck that landed with investors', 'case-studies/kestrel-compute-series-b'],
    ['help with our ideal customer profile and competitive alternatives', 'engagements/positioning-sprint'],
    ['ongoing advice two days a month', 'engagements/advisory-retainer'],
  ])('"%s" ranks %s first', async (query, id) => {
    const { results } = await search(query);
    expect(results[0]?.id).toBe(id);
    expect(results[0]?.url).toBe(`https://consultant.example/${id}`);
  });

  it('finds a case study by words of its own, stemmed as evaluate_client_needs stems them', async () => {
    const [study] = getCaseStudies();
    const { results } = await search(study?.title.toUpperCase() ?? '');
    expect(results.map((result) => result.id)).toContain(`case-studies/${study?.slug}`);
  });

  it('returns the results as structuredContent and as the same JSON in text', async () => {
    const { result } = await search('rebrand');
    expect(result.isError).toBeUndefined();
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
  });

  it('a query with nothing to match gives no results; an empty or too long one is a tool error', async () => {
    expect((await search('zzzqqq xxyyzz')).results).toEqual([]);
    for (const query of ['', '   ', 'a'.repeat(MAX_QUERY_LENGTH + 1), 7]) {
      const { result } = await search(query);
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('VALIDATION_FAILED');
    }
    // Worded as the agent API's own fields are, not in zod's defaults.
    expect(JSON.stringify((await search('  ')).result.content)).toContain('query must not be empty');
    const long = JSON.stringify((await search('a'.repeat(MAX_QUERY_LENGTH + 1))).result.content);
    expect(long).toContain(`query must be at most ${MAX_QUERY_LENGTH} characters`);
  });

  it('fetch returns the page as markdown with its title, url and metadata', async () => {
    const result = await callMcpTool('fetch', { id: 'engagements/brand-identity' }, context);
    const document = DocumentSchema.parse(result.structuredContent);
    expect(document).toMatchObject({
      id: 'engagements/brand-identity',
      url: 'https://consultant.example/engagements/brand-identity',
      metadata: { kind: 'engagement' },
    });
    expect(document.text).toContain('# ');
    expect(document.text).toContain(getEngagements().find((e) => e.key === 'brand-identity')?.title ?? '?');
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
  });

  it('an unknown id is a tool error that says how to search', async () => {
    const result = await callMcpTool('fetch', { id: 'engagements/nothing-here' }, context);
    expect(result.isError).toBe(true);
    const [block] = z.array(z.object({ text: z.string() })).parse(result.content);
    expect(block?.text).toMatch(/^NOT_FOUND: /);
    expect(block?.text).toContain('Call search');
  });
});
