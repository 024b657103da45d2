import type { McpServer } from '@modelcontextprotocol/server';
import { MCP_APP_MIME_TYPE, MCP_APP_VIEWS, readViewHtml, viewMeta } from './views';

/**
 * The views as ui:// resources of one server, with their `_meta` on the resources/list entry and on the
 * resources/read content (MCP Apps 2026-01-26, "UI Resource Format"; hosts differ in which they read).
 */
export function registerAppViews(server: McpServer): void {
  for (const view of MCP_APP_VIEWS) {
    const _meta = viewMeta(view);
    server.registerResource(
      view.name,
      view.uri,
      { title: view.title, description: view.description, mimeType: MCP_APP_MIME_TYPE, _meta },
      (uri) => ({ contents: [{ uri: uri.href, mimeType: MCP_APP_MIME_TYPE, text: readViewHtml(view), _meta }] }),
    );
  }
}
