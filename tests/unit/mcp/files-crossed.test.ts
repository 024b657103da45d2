import inspector from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The project files an MCP tools/call runs code in, read from V8's precise coverage of one warmed-up POST
// (docs/mcp.md, "Files a call crosses"): the figure is this test's output, and it fails when the count grows.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PROJECT_FILE = /^(?:(?:app|lib)\/.*|proxy\.ts|server\.ts)$/;
// The module runner reads an imported name through a getter it writes into the exporting file: no code of that file.
const IMPORT_GETTER = /^\(\) => \{ try \{ return [\w$]+ \} catch \{\} \}/;

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
    if (!PROJECT_FILE.test(file)) continue;
    const ran = script.functions.filter((fn) => (fn.ranges[0]?.count ?? 0) > 0);
    if (ran.length === 0) continue;
    const { scriptSource } = await session.post('Debugger.getScriptSource', { scriptId: script.scriptId });
    const own = ran.filter((fn) => !IMPORT_GETTER.test(scriptSource.slice(fn.ranges[0]?.startOffset)));
    if (own.length > 0) files.add(file);
  }
  return [...files].sort();
}

describe('an MCP tools/call POST, served in process', () => {
  it('runs code in no more files of the project than when last counted, and in few of lib/mcp', async () => {
    const session = new inspector.Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Debugger.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    const { POST } = await import('@/app/api/mcp/route');
    const post = async () => {
      const request = new Request('http://localhost:3000/api/mcp', { method: 'POST', headers, body: evaluateCall });
      const response = await POST(request, { params: Promise.resolve({}) });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ result: { structuredContent: { recommended: {} } } });
    };
    try {
      await post();
      await session.post('Profiler.takePreciseCoverage');
      await post();
      const crossed = await filesRunSince(session);
      const ownFiles = crossed.filter((file) => file.startsWith('lib/mcp/') || file.startsWith('app/api/mcp/'));
      expect(ownFiles.length, ownFiles.join('\n')).toBeLessThanOrEqual(8);
      expect(crossed.length, crossed.join('\n')).toBeLessThanOrEqual(35);
    } finally {
      await session.post('Profiler.stopPreciseCoverage');
      session.disconnect();
    }
  });
});
