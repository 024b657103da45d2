/** Where `npm run build` writes the MCP Apps views, inside the build folder (scripts/build-mcp-app-views.ts). */
export const MCP_APP_VIEWS_FILE = 'mcp-app-views.json';
