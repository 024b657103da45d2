/**
 * A small MCP Apps host, as the browser test plays it (bundled by host-page.ts): the official MCP client talks to
 * the built app's /api/mcp, and ext-apps' AppBridge shows a tool's view in a sandboxed frame, passes it the tool's
 * input and result, and forwards the view's tools/call to the server, as Claude and ChatGPT do.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  AppBridge,
  type McpUiTheme,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
  getToolUiResourceUri,
} from '@modelcontextprotocol/ext-apps/app-bridge';

interface ShownView {
  uri: string;
  result: unknown;
}

async function connectClient(): Promise<Client> {
  const client = new Client({ name: 'mcp-apps-test-host', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', location.origin)));
  return client;
}

/** Calls `name` with `args` as a model would, and shows the tool's view with its input and result. */
async function showToolView(
  name: string,
  args: Record<string, unknown>,
  theme: McpUiTheme,
  width = 500,
): Promise<ShownView> {
  const client = await connectClient();
  const { tools } = await client.listTools();
  const tool = tools.find((candidate) => candidate.name === name);
  const uri = tool ? getToolUiResourceUri(tool) : undefined;
  if (!tool || !uri) throw new Error(`${name} names no view`);
  const { contents } = await client.readResource({ uri });
  const [view] = contents;
  if (!view || !('text' in view) || view.mimeType !== RESOURCE_MIME_TYPE) throw new Error(`${uri} is not an MCP App`);

  document.body.className = theme;
  const frame = document.createElement('iframe');
  frame.id = 'view';
  frame.title = tool.title ?? name;
  frame.style.width = `${width}px`;
  frame.setAttribute('sandbox', 'allow-scripts allow-forms');
  document.getElementById('views')?.replaceChildren(frame);
  const bridge = new AppBridge(
    client,
    { name: 'mcp-apps-test-host', version: '1.0.0' },
    { serverTools: {}, serverResources: {}, openLinks: {} },
    { hostContext: { theme, displayMode: 'inline', containerDimensions: { width, maxHeight: 500 } } },
  );
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${height}px`;
  };
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  const window = frame.contentWindow;
  if (!window) throw new Error('the frame has no window');
  await bridge.connect(new PostMessageTransport(window, window));
  frame.srcdoc = view.text;
  await initialized;

  const result = await client.callTool({ name, arguments: args });
  await bridge.sendToolInput({ arguments: args });
  await bridge.sendToolResult(result);
  return { uri, result };
}

declare global {
  interface Window {
    showToolView: typeof showToolView;
  }
}
window.showToolView = showToolView;
