import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '@/lib/http/body';
import { MCP_MAX_BODY_BYTES } from '@/lib/mcp/transport/messages';
import { toWebRequest, writeWebResponse } from '@/lib/server/node-web';

/**
 * The adapter between Node's server and the route handlers the fast path calls: a body is cut just past what any
 * route reads (so the route's own limit answers), and an event stream ends for the handler when its client leaves.
 */
describe('the Node-to-Web adapter', () => {
  const mostAnyRouteReads = Math.max(MAX_BODY_BYTES, MCP_MAX_BODY_BYTES);
  let streamCancelled: () => void = () => undefined;
  const cancelled = new Promise<void>((resolve) => (streamCancelled = resolve));
  const server = http.createServer(async (req, res) => {
    if (req.url === '/events') {
      const stream = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new TextEncoder().encode('event: open\n\n')),
        cancel: () => streamCancelled(),
      });
      const answer = new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
      return writeWebResponse(answer, res, { 'content-type': 'text/event-stream' }, false);
    }
    const request = await toWebRequest(req);
    const body = request ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const answer = Response.json({ method: request?.method, length: body?.length, url: request?.url });
    await writeWebResponse(
      answer,
      res,
      { 'content-type': 'application/json', 'x-added': 'yes' },
      req.method === 'HEAD',
    );
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('hands on a body whole, or cut one byte past the most any route reads', async () => {
    const cases: [sent: number, received: number][] = [
      [0, 0],
      [10, 10],
      [mostAnyRouteReads, mostAnyRouteReads],
      [mostAnyRouteReads * 4, mostAnyRouteReads + 1],
    ];
    for (const [sent, received] of cases) {
      const response = await fetch(`${base}/api/mcp?x=1`, { method: 'POST', body: 'a'.repeat(sent) });
      expect(response.headers.get('x-added')).toBe('yes');
      expect(await response.json()).toEqual({
        method: 'POST',
        length: received,
        url: expect.stringMatching(/\/api\/mcp\?x=1$/),
      });
    }
  });

  it('writes no body for HEAD', async () => {
    const response = await fetch(`${base}/api/mcp`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('cancels an event stream when its client goes away', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/events`, { signal: controller.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('event: open\n\n');
    controller.abort();
    const outcome = await Promise.race([
      cancelled.then(() => 'cancelled'),
      new Promise((resolve) => setTimeout(() => resolve('still open after 5 s'), 5_000)),
    ]);
    expect(outcome).toBe('cancelled');
  });
});
