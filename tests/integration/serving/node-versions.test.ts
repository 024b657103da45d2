import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVED_NODES, nodeBinary } from '../../../scripts/node-versions';
import { freePort, spawnServer } from '../support/app';
import { MCP_ACCEPT, initializeBody } from '../support/http';

/**
 * npm start on the Node versions users run (scripts/node-versions.json): 20, the oldest package.json's engines
 * allow, 22 and 24. Each serves a page, a tool call and an MCP session.
 */
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

async function answering(url: string): Promise<void> {
  for (const until = Date.now() + 30_000; Date.now() < until;) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 30 s`);
}

describe.each(SERVED_NODES)('npm start on Node %s', (version) => {
  it('serves a page, a tool call and an MCP session', { timeout: 180_000 }, async () => {
    const node = nodeBinary(version);
    expect(execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()).toBe(`v${version}`);
    const port = await freePort();
    const child = spawnServer(port, {}, 'project', undefined, node);
    stops.push(() => child.kill('SIGKILL'));
    const url = `http://127.0.0.1:${port}`;
    await answering(`${url}/`);
    const evaluate = await fetch(`${url}/api/agent/tools/evaluate-client-needs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ challenges: 'Our pitch deck does not land', technology_sector: 'fintech' }),
    });
    expect(evaluate.status).toBe(200);
    expect((await evaluate.json()).recommended.key).toBeTruthy();
    const initialize = await fetch(`${url}/api/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: MCP_ACCEPT },
      body: initializeBody('node-versions-test'),
    });
    expect(initialize.status).toBe(200);
    expect(initialize.headers.get('mcp-session-id')).toBeTruthy();
  });
});
