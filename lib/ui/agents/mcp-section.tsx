import { SERVER_CARD_PATH } from '@/lib/http/api-paths';
import { describeServedRevisions } from '@/lib/mcp/protocol';
import type { CurlExample } from '@/lib/site/agent-examples';
import { CodeBlock } from '../code-block';
import { DocSection } from './doc-section';

/** The same surface over the Model Context Protocol. */
export function McpSection({
  mcpPath,
  mcpManifestPath,
  examples,
}: {
  mcpPath: string;
  mcpManifestPath: string;
  examples: { mcpDescribe: CurlExample; mcpInitialize: CurlExample; mcpTools: CurlExample; mcpManifest: CurlExample };
}) {
  return (
    <DocSection id="mcp" title="Model Context Protocol">
      <p>
        The same resources and tools are available from an MCP server at <code>{mcpPath}</code>, using the Streamable
        HTTP transport. It serves protocol {describeServedRevisions()}: a client that opens with <code>initialize</code>{' '}
        gets a session (<code>Mcp-Session-Id</code>), and a <code>2026-07-28</code> client sends{' '}
        <code>server/discover</code> and carries its revision in each request&apos;s <code>_meta</code>. Point any MCP
        client at that path on this site.
      </p>
      <ul className="plain plain--spaced">
        <li>
          <code>GET</code> without a session returns a description of the server: its name, version, transport, protocol
          revision, resources, tools and prompts.
        </li>
        <li>
          <code>POST</code> takes JSON-RPC messages (<code>initialize</code>, <code>resources/read</code>,{' '}
          <code>tools/call</code>, <code>prompts/get</code> and the list methods) and answers with JSON or an event
          stream.
        </li>
        <li>
          <code>DELETE</code> with the <code>Mcp-Session-Id</code> header ends a session; an unknown session gets a{' '}
          <code>404</code>.
        </li>
        <li>
          <code>{mcpManifestPath}</code> is a small MCP manifest with the endpoint, the revisions and the REST fallback;{' '}
          <code>{SERVER_CARD_PATH}</code> is the server card, with the tools and their annotations.
        </li>
      </ul>
      <CodeBlock label={examples.mcpDescribe.title} code={examples.mcpDescribe.command} />
      <CodeBlock label={examples.mcpInitialize.title} code={examples.mcpInitialize.command} />
      <CodeBlock label={examples.mcpTools.title} code={examples.mcpTools.command} />
      <CodeBlock label={examples.mcpManifest.title} code={examples.mcpManifest.command} />
    </DocSection>
  );
}
