import { RESOURCES } from '@/lib/agent/resources';
import { MCP_APP_VIEWS } from './apps/views';

/** What resources/list lists: the agent API's read-only resources, then the views MCP Apps hosts show for the tools. */
export const MCP_RESOURCE_URIS: readonly string[] = [...RESOURCES, ...MCP_APP_VIEWS].map((resource) => resource.uri);

/** The resources in words, for the server's instructions: how many, and of which kinds. */
export function describeMcpResources(): string {
  return `${MCP_RESOURCE_URIS.length} read-only resources (${RESOURCES.length} about the consultancy, ${MCP_APP_VIEWS.length} views that MCP Apps hosts show for the tools)`;
}
