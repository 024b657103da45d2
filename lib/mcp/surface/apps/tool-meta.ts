import type { Tool } from '@modelcontextprotocol/server';
import { TOOLS_WITH_VIEWS } from './tool-names';
import { FIT_CARD_VIEW, type McpAppView, REQUEST_VIEW } from './views';

/** The view each tool points to; the same for every client, whatever it declares (hosts without views ignore it). */
const VIEW_OF_TOOL: Readonly<Record<string, McpAppView>> = {
  [TOOLS_WITH_VIEWS.evaluate]: FIT_CARD_VIEW,
  [TOOLS_WITH_VIEWS.schedule]: REQUEST_VIEW,
  [TOOLS_WITH_VIEWS.prepare]: REQUEST_VIEW,
};

/** Tools a view calls through the host: ChatGPT lets a widget call only those marked widget-accessible. */
const CALLED_BY_VIEWS: ReadonlySet<string> = new Set([TOOLS_WITH_VIEWS.schedule]);

/**
 * A tool's `_meta` for MCP Apps hosts (MCP Apps 2026-01-26, "Tool metadata": `ui.resourceUri`) and for ChatGPT
 * (`openai/outputTemplate`, `openai/widgetAccessible`). No tool is app-only: both stay visible to models, so
 * `visibility` keeps its default.
 */
export function appToolMeta(toolName: string): Tool['_meta'] | undefined {
  const view = VIEW_OF_TOOL[toolName];
  if (!view) return undefined;
  return {
    ui: { resourceUri: view.uri },
    'openai/outputTemplate': view.uri,
    ...(CALLED_BY_VIEWS.has(toolName) ? { 'openai/widgetAccessible': true } : {}),
  };
}
