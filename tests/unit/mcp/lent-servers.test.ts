import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { siteDocumentLibrary } from '@/lib/discovery/mcp/documents';
import { lendMcpServer } from '@/lib/mcp/surface/server';
import type { McpToolContext } from '@/lib/mcp/surface/mcp-tool';
import { mistakeIn } from '@/lib/mcp/surface/mistakes';
import { serve2025 } from '@/lib/mcp/transport/era-2025';

const contextAt = (origin: string): McpToolContext => ({
  origin,
  requestId: 'test',
  consume: async () => {},
  client: '127.0.0.1',
  channel: { kind: 'mcp', protocolVersion: '2025-06-18' },
  documents: () => siteDocumentLibrary(origin),
});

const HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

const lendAt = (origin: string, era: '2025' | '2026') =>
  lendMcpServer(new Request(`${origin}/api/mcp`, { method: 'POST' }), era, contextAt(origin));

const postTo = (origin: string, body: unknown) =>
  serve2025(
    new Request(`${origin}/api/mcp`, { method: 'POST', headers: HEADERS }),
    body,
    { lend: (request) => lendMcpServer(request, '2025', contextAt(origin)), mistakeIn },
    'json',
    '2025-06-18',
  );

describe('MCP servers are built once and lent to one POST at a time', () => {
  it('a server is lent again once its transport closes, and not while it serves', async () => {
    const origin = 'https://lent-again.example';
    const first = lendAt(origin, '2025');
    await first.connect(new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined }));
    const meanwhile = lendAt(origin, '2025');
    expect(meanwhile).not.toBe(first);
    await first.close();
    expect(lendAt(origin, '2025')).toBe(first);
  });

  it('each era and origin has servers of its own', async () => {
    const origin = 'https://eras-apart.example';
    const server = lendAt(origin, '2025');
    await server.connect(new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined }));
    await server.close();
    expect(lendAt(origin, '2026')).not.toBe(server);
    expect(lendAt('https://elsewhere.example', '2025')).not.toBe(server);
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

  it('a request the SDK was not handed with its facts is refused, not answered with another POST’s', async () => {
    const origin = 'https://unbound.example';
    const server = lendAt(origin, '2025');
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    const unbound = new Request(`${origin}/api/mcp`, { method: 'POST', headers: HEADERS });
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const answer = await (await transport.handleRequest(unbound, { parsedBody: list })).text();
    expect(answer).toMatch(/facts of its POST/);
    expect(answer).not.toContain(origin);
    await server.close();
  });
});
