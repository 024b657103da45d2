import { webMcpTools } from '@/lib/discovery/webmcp';

/**
 * WebMCP: lets an agent inside the browser call evaluate_client_needs and schedule_consultation without
 * scraping. The tool list is embedded as inert JSON and registered by public/webmcp.js, which does nothing
 * where the browser has no `navigator.modelContext`. Rendered only on the pages that need it (/contact, /agents).
 */
export function WebMcpTools() {
  const json = JSON.stringify(webMcpTools()).replace(/</g, '\\u003c');
  return (
    <>
      <script type="application/json" id="webmcp-tools" dangerouslySetInnerHTML={{ __html: json }} />
      <script src="/webmcp.js" defer />
    </>
  );
}
