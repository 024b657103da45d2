import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/client';
import type { McpUiHostCapabilities, McpUiHostContext } from '@modelcontextprotocol/ext-apps';

// The view's side of MCP Apps 2026-01-26: JSON-RPC 2.0 over postMessage with the host frame. Spoken here in a few
// lines rather than through ext-apps' App, which brings an MCP client and zod into every view; the browser test
// holds it to ext-apps' own AppBridge (docs/mcp-apps.md, "Size").

const PROTOCOL_VERSION = '2026-01-26';
/** How long a request to the host may take: a tools/call that sends a mail waits on the mail server. */
const REQUEST_TIMEOUT_MS = 60_000;

type Id = number | string;
interface Message {
  jsonrpc: '2.0';
  id?: Id;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { code: number; message: string };
}

/** The connection a view holds to the host that shows it. */
export class HostConnection {
  ontoolinput?: (params: { arguments?: Record<string, unknown> }) => void;
  ontoolresult?: (result: CallToolResult) => void;
  onhostcontextchanged?: (context: McpUiHostContext) => void;
  private context: McpUiHostContext = {};
  private capabilities: McpUiHostCapabilities = {};
  private nextId = 1;
  private readonly pending = new Map<Id, { resolve(value: unknown): void; reject(error: Error): void }>();

  constructor(private readonly name: string) {}

  getHostContext(): McpUiHostContext {
    return this.context;
  }

  getHostCapabilities(): McpUiHostCapabilities {
    return this.capabilities;
  }

  callServerTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<CallToolResult> {
    return this.request('tools/call', params) as Promise<CallToolResult>;
  }

  readServerResource(params: { uri: string }): Promise<ReadResourceResult> {
    return this.request('resources/read', params) as Promise<ReadResourceResult>;
  }

  /** The handshake (`ui/initialize`, then `ui/notifications/initialized`), then the view's height as it changes. */
  async connect(): Promise<void> {
    window.addEventListener('message', (event) => {
      if (event.source === window.parent) this.receive(event.data as Message);
    });
    const initialized = (await this.request('ui/initialize', {
      appInfo: { name: this.name, version: '1.0.0' },
      appCapabilities: {},
      protocolVersion: PROTOCOL_VERSION,
    })) as { hostContext?: McpUiHostContext; hostCapabilities?: McpUiHostCapabilities };
    this.context = initialized.hostContext ?? {};
    this.capabilities = initialized.hostCapabilities ?? {};
    this.post({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    this.reportSize();
  }

  private post(message: Message): void {
    window.parent.postMessage(message, '*');
  }

  private request(method: string, params: Record<string, unknown>): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`the host did not answer ${method} in ${REQUEST_TIMEOUT_MS / 1000} s`));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      this.post({ jsonrpc: '2.0', id, method, params });
    });
  }

  private receive(message: Message): void {
    if (typeof message !== 'object' || message === null || message.jsonrpc !== '2.0') return;
    if (message.method === undefined) {
      const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiting || message.id === undefined) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
      return;
    }
    if (message.id !== undefined) return this.answer(message.id, message.method);
    const params = message.params ?? {};
    if (message.method === 'ui/notifications/tool-input') this.ontoolinput?.(params);
    else if (message.method === 'ui/notifications/tool-result')
      this.ontoolresult?.(params as unknown as CallToolResult);
    else if (message.method === 'ui/notifications/host-context-changed') {
      this.context = { ...this.context, ...params };
      this.onhostcontextchanged?.(params);
    }
  }

  /** The host's requests: a ping, and the teardown before it removes the view; nothing else is offered. */
  private answer(id: Id, method: string): void {
    if (method === 'ping' || method === 'ui/resource-teardown') this.post({ jsonrpc: '2.0', id, result: {} });
    else this.post({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
  }

  /** `ui/notifications/size-changed` with the document's own height, whenever its layout changes. */
  private reportSize(): void {
    let sent = '';
    let scheduled = false;
    const measure = () => {
      scheduled = false;
      const root = document.documentElement;
      const height = root.style.height;
      root.style.height = 'max-content';
      const size = { width: Math.ceil(window.innerWidth), height: Math.ceil(root.getBoundingClientRect().height) };
      root.style.height = height;
      if (JSON.stringify(size) === sent) return;
      sent = JSON.stringify(size);
      this.post({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: size });
    };
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      requestAnimationFrame(measure);
    };
    schedule();
    const observer = new ResizeObserver(schedule);
    observer.observe(document.documentElement);
    observer.observe(document.body);
  }
}

/** The host's theme, style variables and fonts onto the document; the site's tokens stay where the host sets none. */
function applyHostContext({ theme, styles }: McpUiHostContext): void {
  const root = document.documentElement;
  if (theme) {
    root.setAttribute('data-theme', theme);
    root.style.colorScheme = theme;
  }
  for (const [name, value] of Object.entries(styles?.variables ?? {})) if (value) root.style.setProperty(name, value);
  if (styles?.css?.fonts && !document.getElementById('host-fonts')) {
    document.head.append(
      Object.assign(document.createElement('style'), { id: 'host-fonts', textContent: styles.css.fonts }),
    );
  }
}

/**
 * Connects a view to the host that shows it, after `listen` has set the handlers, so no notification sent right
 * after the handshake is missed; the host's theme applies now and on every change.
 */
export async function connectToHost(name: string, listen: (host: HostConnection) => void): Promise<HostConnection> {
  const host = new HostConnection(name);
  listen(host);
  host.onhostcontextchanged = applyHostContext;
  await host.connect();
  applyHostContext(host.getHostContext());
  return host;
}
