/**
 * `npm run mcp-call-cost`: what one MCP tools/call costs in this process, through the route's own POST handler
 * (no server, no socket): an evaluate_client_needs call without a session, warmed up, then timed one after
 * another and fifty at a time. The same call to the REST tool's handler is timed beside it for scale.
 *
 * Usage: npm run mcp-call-cost [-- calls]     (default 2000 of each)
 */
import { performance } from 'node:perf_hooks';
import { POST as mcpPost } from '../app/api/mcp/route';
import { POST as toolPost } from '../app/api/agent/tools/[tool]/route';

const CALLS = Number(process.argv[2] ?? 2000);
const CONCURRENCY = 50;
const ORIGIN = 'http://localhost:3000';
const ARGUMENTS = { challenges: 'Our brand no longer fits the product we sell', technology_sector: 'developer tools' };
const HEADERS = { Host: 'localhost:3000', 'Content-Type': 'application/json' };

const mcpBody = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'evaluate_client_needs', arguments: ARGUMENTS },
});

async function mcpCall(): Promise<void> {
  const headers = { ...HEADERS, Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' };
  const request = new Request(`${ORIGIN}/api/mcp`, { method: 'POST', headers, body: mcpBody });
  const response = await mcpPost(request, { params: Promise.resolve({}) });
  if (response.status !== 200) throw new Error(`MCP answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}

async function restCall(): Promise<void> {
  const url = `${ORIGIN}/api/agent/tools/evaluate-client-needs`;
  const request = new Request(url, { method: 'POST', headers: HEADERS, body: JSON.stringify(ARGUMENTS) });
  const response = await toolPost(request, { params: Promise.resolve({ tool: 'evaluate-client-needs' }) });
  if (response.status !== 200) throw new Error(`REST answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}

/** Microseconds per call over `CALLS` calls, `width` at a time. */
async function microsecondsPerCall(call: () => Promise<void>, width: number): Promise<number> {
  const started = performance.now();
  for (let done = 0; done < CALLS; done += width) {
    await Promise.all(Array.from({ length: Math.min(width, CALLS - done) }, call));
  }
  return ((performance.now() - started) * 1000) / CALLS;
}

// The general quota would refuse a loop this long from one client: this measures the call, not the quota.
process.env.RATE_LIMIT_PER_MINUTE = '0';
for (const [name, call] of [
  ['MCP tools/call', mcpCall],
  ['REST tool call', restCall],
] as const) {
  for (let warm = 0; warm < 200; warm += 1) await call();
  const sequential = await microsecondsPerCall(call, 1);
  const concurrent = await microsecondsPerCall(call, CONCURRENCY);
  console.log(
    `${name}: ${sequential.toFixed(0)} µs per call one at a time, ${concurrent.toFixed(0)} µs ${CONCURRENCY} at a time`,
  );
}
