import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { siteDocumentLibrary } from '@/lib/discovery/mcp/documents';
import { bindPostContext, lendMcpServer } from '@/lib/mcp/surface/server';
import type { McpToolContext } from '@/lib/mcp/surface/mcp-tool';
import { serve2025 } from '@/lib/mcp/transport/era-2025';

const contextAt = (origin: string): McpToolContext => ({
  origin,
  requestId: 'test',
  consume: async () => {},
  client: '127.0.0.1',
  channel: { kind: 'mcp', protocolVersion: '2025-06-18' },
  documents: () => siteDocumentLibrary(origin),
});

const boundRequest = (origin: string) => {
  const request = new Request(`${origin}/api/mcp`, { method: 'POST' });
  bindPostContext(request, contextAt(origin));
  return request;
};

const postTo = (origin: string, body: unknown) =>
  serve2025(
    new Request(`${origin}/api/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    }),
    body,
    contextAt(origin),
    'json',
  );

describe('MCP servers are built once and lent to one POST at a time', () => {
  it('a server is lent again once its transport closes, and not while it serves', async () => {
    const origin = 'https://lent-again.example';
    const first = lendMcpServer(boundRequest(origin), '2025');
    await first.connect(new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined }));
    const meanwhile = lendMcpServer(boundRequest(origin), '2025');
    expect(meanwhile).not.toBe(first);
    await first.close();
    expect(lendMcpServer(boundRequest(origin), '2025')).toBe(first);
  });

  it('each era and origin has servers of its own', async () => {
    const origin = 'https://eras-apart.example';
    const server = lendMcpServer(boundRequest(origin), '2025');
    await server.connect(new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined }));
    await server.close();
    expect(lendMcpServer(boundRequest(origin), '2026')).not.toBe(server);
    expect(lendMcpServer(boundRequest('https://elsewhere.example'), '2025')).not.toBe(server);
  });

  it("POSTs answered at once, and one after another on a lent server, each get their own request's facts", async () => {
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const origins = ['https://one.example', 'https://two.example', 'https://one.example'];
    for (let round = 0; round < 2; round += 1) {
      const answers = await Promise.all(origins.map(async (origin) => (await postTo(origin, list)).text()));
      answers.forEach((answer, index) => {
        const other = origins[index] === origins[0] ? origins[1] : origins[0];
        expect(answer).toContain(`${origins[index]}/`);
        expect(answer).not.toContain(`${other}/`);
      });
    }
  });

  it('a request the SDK was not handed with its facts is refused, not answered with another POST’s', () => {
    expect(() => lendMcpServer(new Request('https://unbound.example/api/mcp'), '2025')).toThrow(/facts of its POST/);
  });
});
