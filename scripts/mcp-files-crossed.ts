/**
 * The project files one MCP tools/call runs code in (docs/mcp.md, "Files a call crosses"): an evaluate_client_needs
 * call without a session is served through the route's own POST handler in this process, once to warm it up, then
 * once more under V8's precise coverage; a file counts when a function of its own ran. Prints the files as JSON.
 * Run in a process of its own (tests/unit/mcp/files-crossed.test.ts does), so no earlier work has warmed anything.
 */
import inspector from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const PROJECT_FILE = /^(?:(?:app|lib)\/.*|proxy\.ts|server\.ts)$/;

const evaluateCall = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: {
    name: 'evaluate_client_needs',
    arguments: { challenges: 'Our brand no longer fits the product we sell', technology_sector: 'developer tools' },
  },
});

const headers = {
  Host: 'localhost:3000',
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2025-06-18',
};

/** The project files, relative to the root, with a function that ran since the last snapshot. */
async function filesRunSince(session: inspector.Session): Promise<string[]> {
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const files = new Set<string>();
  for (const script of result) {
    if (!script.url.startsWith('file://')) continue;
    const file = path.relative(ROOT, fileURLToPath(script.url));
    if (PROJECT_FILE.test(file) && script.functions.some((fn) => (fn.ranges[0]?.count ?? 0) > 0)) files.add(file);
  }
  return [...files].sort();
}

const session = new inspector.Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
const { POST } = await import('../app/api/mcp/route');
const post = async () => {
  const request = new Request('http://localhost:3000/api/mcp', { method: 'POST', headers, body: evaluateCall });
  const response = await POST(request, { params: Promise.resolve({}) });
  const body = await response.text();
  if (response.status !== 200 || !body.includes('"structuredContent"')) {
    throw new Error(`the call was not answered: ${response.status} ${body.slice(0, 300)}`);
  }
};
await post();
await session.post('Profiler.takePreciseCoverage');
await post();
console.log(JSON.stringify(await filesRunSince(session)));
await session.post('Profiler.stopPreciseCoverage');
session.disconnect();
