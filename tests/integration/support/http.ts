/** What an MCP client sends in Accept on a POST (Streamable HTTP). */
export const MCP_ACCEPT = 'application/json, text/event-stream';

/** The body of an MCP initialize request (revision 2025-03-26) from a client called `clientName`. */
export function initializeBody(clientName: string, id: number | string = 0): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: clientName, version: '1' } },
  });
}

/** Headers that differ between two answers to the same request whatever serves it: the moment and the framing. */
const FRAMING = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'];

/**
 * A response's headers for comparing two servers' answers: without the framing and the names in `alsoIgnored`,
 * and with Vary as the set of names it is (RFC 9110 12.5.5), whatever the order.
 */
export function comparableHeaders(response: Response, alsoIgnored: readonly string[] = []): Record<string, string> {
  const ignored = new Set([...FRAMING, ...alsoIgnored]);
  return Object.fromEntries(
    [...response.headers]
      .filter(([name]) => !ignored.has(name))
      .map(([name, value]) => [name, name === 'vary' ? value.split(/,\s*/).sort().join(', ') : value]),
  );
}
