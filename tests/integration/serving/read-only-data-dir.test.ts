import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../support/app';
import { insightsJson } from '../support/insights';
import { readOnlyFolder } from '../support/read-only-folder';
import { type TestRedis, startRedisServer } from '../support/redis';

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
