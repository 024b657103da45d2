import type { Icon } from '@modelcontextprotocol/server';

/**
 * The site's icon (app/icon.svg, which Next serves at /icon.svg) for the server and its tools: MCP 2025-11-25
 * lets clients show it next to the server's name. SVG scales, so one entry covers every size.
 */
export function siteIcons(origin: string): Icon[] {
  return [{ src: `${origin}/icon.svg`, mimeType: 'image/svg+xml', sizes: ['any'] }];
}
