import type { z } from 'zod';
import type { RequestChannel } from '@/lib/agent/channel';
import type { AgentTool, ToolContext } from '@/lib/agent/tools';

// What every MCP tool is given and is: the list of tools (mcp-tools.ts), search and fetch (document-tools.ts) and
// the request view's tool (apps/) all import it, and it imports none of them.

/** How an MCP call arrived, with the revision it speaks, as the consultant's mail and the counts name it. */
export type McpChannel = Extract<RequestChannel, { kind: 'mcp' }>;

/** One document search and fetch serve: a page of the site as markdown. */
export interface SiteDocument {
  /** Stable and short: the page's path without its leading slash ("engagements/brand-identity"), "home" for /. */
  id: string;
  title: string;
  url: string;
  /** The page as markdown, as `<page>.md` serves it. */
  text: string;
  metadata: Record<string, string>;
}

/** The site's documents for an origin, searchable: lib/discovery builds them (lib/mcp sits below it). */
export interface DocumentLibrary {
  search(query: string, limit: number): SiteDocument[];
  find(id: string): SiteDocument | undefined;
  ids(): string[];
}

/** What an MCP tool call knows beyond a REST one: its MCP channel, and the documents search and fetch serve. */
export interface McpToolContext extends ToolContext {
  channel: McpChannel;
  /** The site's documents at this request's origin, searchable (built on first use). */
  documents(): DocumentLibrary;
}

/** A tool as MCP calls it, the agent API's two or one of its own: told of its MCP channel and the documents. */
export type McpTool<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = AgentTool<I, O, McpToolContext>;

/** A tool only MCP has (search, fetch, the request view's), its run typed by its input and output schemas. */
export function defineMcpTool<I extends z.ZodType, O extends z.ZodType>(tool: McpTool<I, O>): McpTool<I, O> {
  return tool;
}
