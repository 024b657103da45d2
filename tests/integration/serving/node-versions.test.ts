import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, freePort, spawnServer } from '../support/app';
import { MCP_ACCEPT, initializeBody } from '../support/http';

/**
 * npm start on the Node versions users run: 20 (the oldest package.json's engines allow), 22 and 24, each installed
 * from the npm registry into .tools/ by scripts/with-node.sh unless it is the one running the tests. Each serves a
 * page, a tool call and an MCP session.
 */
const VERSIONS = ['20.20.2', '22.23.3', '24.21.0'];
const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** The path of Node `version`'s binary, installed on first use. */
function nodeBinary(version: string): string {
  if (version === process.version.slice(1)) return process.execPath;
  execFileSync('bash', [path.join(ROOT, 'scripts/with-node.sh'), version, 'node', '--version'], { timeout: 120_000 });
  return path.join(ROOT, '.tools', `node-${version}`, 'bin', 'node');
}

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

describe.each(VERSIONS)('npm start on Node %s', (version) => {
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
