import { z } from 'zod';
import { nonEmptyText } from '@/lib/agent/agent-schemas';
import { NotFoundError } from '@/lib/api-errors';
import { countToolCall } from '@/lib/counting/tool-counts';
import { shortened } from '@/lib/text/shortened';
import { READS_ONLY } from '@/lib/agent/tools';
import { defineMcpTool } from './mcp-tool';

// search and fetch, the two read-only tools ChatGPT's deep research and company knowledge call, over the site's
// own documents. MCP tools only: the REST API keeps the specification's two tools (docs/mcp.md, "Tools").

/** The longest query search takes: a question in a few sentences, not a document. */
export const MAX_QUERY_LENGTH = 500;
/** The most results one search gives. */
const MAX_RESULTS = 10;

const SearchInputSchema = z
  .object({
    query: nonEmptyText(MAX_QUERY_LENGTH).describe(
      'What to look for, in plain words (for example "rebrand after a merger" or "Series B pitch deck").',
    ),
  })
  .describe('SearchRequest');

const SearchOutputSchema = z
  .object({
    results: z
      .array(
        z.object({
          id: z.string().describe('the id fetch takes'),
          title: z.string(),
          url: z.url().describe('the page on the website'),
        }),
      )
      .describe('the best matches first; empty when nothing matches'),
  })
  .describe('SearchResponse');

const FetchInputSchema = z
  .object({
    id: nonEmptyText(200).describe('An id from the results of search.'),
  })
  .describe('FetchRequest');

const FetchOutputSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    text: z.string().describe('the whole page as markdown'),
    url: z.url().describe('the page on the website'),
    metadata: z.record(z.string(), z.string()).describe('what kind of page it is, its description and its date'),
  })
  .describe('FetchResponse');

export const searchTool = defineMcpTool({
  name: 'search',
  title: 'Search the site',
  description:
    "Search every page of the consultancy's site: the homepage, the biography, contact, every engagement and case " +
    'study and their lists, and the page for AI agents. ' +
    'Returns the best matches, each with the id to pass to fetch for its full text.',
  input: SearchInputSchema,
  output: SearchOutputSchema,
  ...READS_ONLY,
  run: ({ query }, context) => {
    countToolCall(context.channel.kind, 'search');
    return {
      results: context
        .documents()
        .search(query, MAX_RESULTS)
        .map(({ id, title, url }) => ({ id, title, url })),
    };
  },
});

export const fetchTool = defineMcpTool({
  name: 'fetch',
  title: 'Fetch a page of the site',
  description: 'The full text of one page of the site, as markdown, by the id search gave for it.',
  input: FetchInputSchema,
  output: FetchOutputSchema,
  ...READS_ONLY,
  run: ({ id }, context) => {
    countToolCall(context.channel.kind, 'fetch');
    const library = context.documents();
    const document = library.find(id);
    if (!document) {
      throw new NotFoundError(
        `No page of this site has the id "${shortened(id, 60)}".`,
        `Call search with a few words about what you need and pass one of its result ids to fetch (ids look like ${library.ids().slice(0, 2).join(', ')}).`,
      );
    }
    return document;
  },
});
