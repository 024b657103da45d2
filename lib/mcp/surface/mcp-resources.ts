import { z } from 'zod';
import { RESOURCES } from '@/lib/agent/resources';
import { shortened } from '@/lib/text/shortened';
import { MCP_APP_VIEWS } from './apps/views';

/** What resources/list lists: the agent API's read-only resources, then the views MCP Apps hosts show for the tools. */
export const MCP_RESOURCE_URIS: readonly string[] = [...RESOURCES, ...MCP_APP_VIEWS].map((resource) => resource.uri);

/** The resources in words, for the server's instructions: how many, and of which kinds. */
export function describeMcpResources(): string {
  return `${MCP_RESOURCE_URIS.length} read-only resources (${RESOURCES.length} about the consultancy, ${MCP_APP_VIEWS.length} views that MCP Apps hosts show for the tools)`;
}

const ReadSchema = z
  .object({ method: z.literal('resources/read'), params: z.object({ uri: z.string() }) })
  .describe('a resources/read request');

/** A URI as the SDK looks it up (parsed, so `CONSULTANCY://…` finds `consultancy://…`). */
const normalised = (uri: string) => (URL.canParse(uri) ? new URL(uri).href : uri);
const KNOWN = new Set(MCP_RESOURCE_URIS.map(normalised));

/**
 * The error for a resources/read of a URI this server does not serve: the SDK's code and `data.uri`
 * (its ResourceNotFoundError), worded in one line that lists the URIs it does serve; undefined for anything else.
 */
export function resourceMistake(
  request: unknown,
): { code: -32602; message: string; data: { uri: string } } | undefined {
  const uri = ReadSchema.safeParse(request).data?.params.uri;
  if (uri === undefined || KNOWN.has(normalised(uri))) return undefined;
  return {
    code: -32602,
    message: `Unknown resource ${JSON.stringify(shortened(uri, 100))}: this server has ${MCP_RESOURCE_URIS.join(', ')}.`,
    data: { uri },
  };
}
