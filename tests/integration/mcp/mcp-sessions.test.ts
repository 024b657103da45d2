import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_SESSION_ID_LENGTH,
  SESSION_LIFETIME_MS,
  getSessionKey,
  issueSession,
} from '../../../lib/mcp/transport/sessions';
import { ROOT, type RunningApp, defaultAppServer, distDir, startApp } from '../support/app';
import { editedBuild } from '../support/edited-build';
import { envelopeOf, mcpDelete, mcpInitialize, mcpPost, rpc } from '../support/redis';

/**
 * 2025-era sessions never strand a client (docs/mcp-clients.md, "Sessions"): an id this deployment issued is
 * served after a restart, on the other serving path, after a new build and after any idle time within its
 * lifetime; an id it never issued, and one DELETE ended, are 404.
 */
let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.stop());

async function openSession(url: string): Promise<string> {
  const response = await mcpInitialize(url);
  expect(response.status).toBe(200);
  await response.body?.cancel();
  return response.headers.get('mcp-session-id') ?? '';
}

async function statusOf(url: string, session: string): Promise<number> {
  const response = await mcpPost(url, rpc(2, 'tools/list'), session);
  await response.arrayBuffer();
  return response.status;
}

/** An id signed with the key the app uses when MCP_SESSION_KEY is unset, issued `ago` milliseconds back. */
const issuedAgo = async (ago: number) =>
  (
    await issueSession(
      { protocolVersion: '2025-06-18', client: { name: 'idle', version: '1' } },
      getSessionKey(),
      Date.now() - ago,
    )
  ).id;

describe('a session this deployment issued', () => {
  it('is served after a restart and by the other way of serving the build', async () => {
    const session = await openSession(app.url);
    await app.stop();
    app = await startApp();
    expect(await statusOf(app.url, session)).toBe(200);
    const other = await startApp({}, defaultAppServer() === 'project' ? 'next' : 'project');
    try {
      expect(await statusOf(other.url, session)).toBe(200);
    } finally {
      await other.stop();
    }
  });

  it('is served after a day idle, and until its lifetime ends; then 404', async () => {
    expect(await statusOf(app.url, await issuedAgo(25 * 60 * 60_000))).toBe(200);
    expect(await statusOf(app.url, await issuedAgo(SESSION_LIFETIME_MS - 60_000))).toBe(200);
    const expired = await mcpPost(app.url, rpc(3, 'tools/list'), await issuedAgo(SESSION_LIFETIME_MS + 60_000));
    expect(expired.status).toBe(404);
    expect((await envelopeOf(expired)).resolution).toMatch(/initialize/);
  });

  it('an id dated in the future is 404, however validly signed: it would never expire', async () => {
    for (const ahead of [10 * 60_000, 365 * 24 * 60 * 60_000]) {
      const future = await mcpPost(app.url, rpc(5, 'tools/list'), await issuedAgo(-ahead));
      expect(future.status).toBe(404);
      await future.arrayBuffer();
    }
  });

  it('runs at the revision it negotiated, whatever served revision a later header names', async () => {
    const session = await issuedAgo(0);
    const response = await fetch(`${app.url}/api/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'Mcp-Session-Id': session,
        'MCP-Protocol-Version': '2026-07-28',
      },
      body: JSON.stringify(rpc(4, 'ping')),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-protocol-version')).toBe('2025-06-18');
  });
});

describe('an id this deployment did not issue, or one that was ended', () => {
  it('is 404 when never issued here: another key, a changed id, random text', async () => {
    const foreign = (
      await issueSession({ protocolVersion: '2025-06-18', client: { name: 'x', version: '1' } }, randomBytes(32))
    ).id;
    const own = await openSession(app.url);
    const altered = `${own.slice(0, -2)}${own.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const id of [foreign, altered, randomBytes(32).toString('base64url'), 'not-a-session']) {
      const response = await mcpPost(app.url, rpc(1, 'tools/list'), id);
      expect(response.status, id).toBe(404);
      expect((await envelopeOf(response)).code).toBe('NOT_FOUND');
    }
  });

  it('is 404 for good once DELETE ended it, including a second DELETE', async () => {
    const session = await openSession(app.url);
    expect((await mcpDelete(app.url, session)).status).toBe(200);
    expect(await statusOf(app.url, session)).toBe(404);
    const again = await mcpDelete(app.url, session);
    expect(again.status).toBe(404);
    expect((await envelopeOf(again)).code).toBe('NOT_FOUND');
  });

  it('keeps the id small and free of the client’s own text beyond a short name', async () => {
    const response = await mcpPost(
      app.url,
      rpc(1, 'initialize', {
        protocolVersion: '2025-03-26',
        capabilities: {},
        clientInfo: { name: 'n'.repeat(30_000), version: '9'.repeat(30_000) },
      }),
    );
    expect(response.status).toBe(200);
    expect((response.headers.get('mcp-session-id') ?? '').length).toBeLessThanOrEqual(MAX_SESSION_ID_LENGTH);
  });
});

describe('a new build of the site', () => {
  let rebuilt: RunningApp | undefined;
  afterAll(async () => rebuilt?.stop());

  it('serves the sessions the previous build issued (a redeploy after a content edit)', async () => {
    const session = await openSession(app.url);
    const { dist, contentDir } = await editedBuild();
    expect(fs.readFileSync(path.join(ROOT, dist, 'BUILD_ID'), 'utf8')).not.toBe(
      fs.readFileSync(path.join(ROOT, distDir(), 'BUILD_ID'), 'utf8'),
    );
    rebuilt = await startApp({ NEXT_DIST_DIR: dist, CONTENT_DIR: contentDir });
    expect(await statusOf(rebuilt.url, session)).toBe(200);
  }, 320_000);
});
