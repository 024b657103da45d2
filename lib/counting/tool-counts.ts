import { count } from './counts';
import type { ChannelKind } from '@/lib/stores/insights/insights-store';

/** The MCP methods counted by name; a client's other method names are counted as `other`, so they cannot grow the store. */
const MCP_METHODS: ReadonlySet<string> = new Set([
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'notifications/initialized',
  'notifications/cancelled',
]);

/** Counts the JSON-RPC methods of one MCP POST (a message or a batch). */
export function countMcpMethods(methods: readonly string[]): void {
  for (const method of methods) count('mcp', MCP_METHODS.has(method) ? method : 'other');
}

/** Counts one validated tool call by channel and tool. */
export function countToolCall(channel: ChannelKind, tool: string): void {
  count('tool', channel, tool);
}
