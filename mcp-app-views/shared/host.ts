import {
  App,
  type McpUiHostContext,
  applyDocumentTheme,
  applyHostFonts,
  applyHostStyleVariables,
} from '@modelcontextprotocol/ext-apps';

/** The host's theme and style variables onto the document; the site's tokens stay where the host sets none. */
function applyHostContext(context: McpUiHostContext): void {
  if (context.theme) applyDocumentTheme(context.theme);
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables);
  if (context.styles?.css?.fonts) applyHostFonts(context.styles.css.fonts);
}

/**
 * Connects a view to the host that shows it (MCP Apps 2026-01-26: `ui/initialize` over postMessage), after
 * `listen` has set the handlers, so no notification sent right after the handshake is missed. The view reports
 * its height to the host as it changes (autoResize).
 */
export async function connectToHost(name: string, listen: (app: App) => void): Promise<App> {
  const app = new App({ name, version: '1.0.0' }, {}, { autoResize: true });
  listen(app);
  app.onhostcontextchanged = applyHostContext;
  await app.connect();
  const context = app.getHostContext();
  if (context) applyHostContext(context);
  return app;
}
