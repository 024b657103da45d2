import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../support/app';
import { insightsJson } from '../support/insights';
import { type TestRedis, startRedisServer } from '../support/redis';

/**
 * A platform without a writable disk: DATA_DIR on a read-only file system. Root ignores file modes, so the
 * folder is a tmpfs mounted read-only (EROFS even for root); where mounting is not allowed, a file stands where
 * the folder should be (ENOTDIR), which no user can write into either.
 */
function readOnlyFolder(): { dir: string; release: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-only-data-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    return { dir, release: () => execFileSync('umount', [dir]) };
  } catch {
    const file = path.join(dir, 'data');
    fs.writeFileSync(file, '');
    return { dir: file, release: () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
}

let app: RunningApp;
let redis: TestRedis;
let folder: ReturnType<typeof readOnlyFolder>;
beforeAll(async () => {
  folder = readOnlyFolder();
  redis = await startRedisServer();
  app = await startApp({ DATA_DIR: folder.dir, REDIS_URL: redis.url }, 'project');
});
afterAll(async () => {
  await app?.stop();
  await redis?.close();
  folder?.release();
});

describe('a DATA_DIR that cannot be written', () => {
  it('serves pages and tools, says once what it cannot keep, and counts into Redis', async () => {
    expect((await fetch(`${app.url}/engagements`)).status).toBe(200);
    const tool = await fetch(`${app.url}/api/agent/tools/evaluate-client-needs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        challenges: 'Our investor pitch deck does not land and our website copy is vague',
        technology_sector: 'fintech',
      }),
    });
    expect(tool.status).toBe(200);
    const lines = app.output().split('\n');
    expect(lines.filter((line) => line.includes('cannot write to disk'))).toEqual([
      expect.stringMatching(/read-only file system|not a directory/i),
    ]);
    expect(lines.filter((line) => line.includes('cannot write to disk'))[0]).toMatch(/schedule_consultation/);
    expect(app.output()).not.toMatch(/\n\s+at /);
    await app.stop();
    const { last7 } = await insightsJson({ REDIS_URL: redis.url, DATA_DIR: os.tmpdir() });
    expect(last7.families.reduce((sum, row) => sum + row.requests, 0)).toBeGreaterThanOrEqual(2);
  });
});
