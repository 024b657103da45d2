import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config/env';
import { openInsightsStore } from '@/lib/stores/insights/open-insights-store';
import { privateFolder } from '@/lib/private-folder';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'private-folder-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const modeOf = (dir: string) => fs.statSync(dir).mode & 0o777;

describe("a folder of the server's own", () => {
  it('is made open to its user alone, with the parents it needs', () => {
    const dir = path.join(root, 'data', 'desk');
    privateFolder(dir);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(root, 'data'))).toBe(0o700);
  });

  it('is narrowed to its user alone when it was there open to all', () => {
    const dir = path.join(root, 'wide');
    fs.mkdirSync(dir, { mode: 0o777 });
    fs.chmodSync(dir, 0o777);
    privateFolder(dir);
    expect(modeOf(dir)).toBe(0o700);
  });

  it('holds the embedded insights store', async () => {
    const store = await openInsightsStore(parseConfig({ DATA_DIR: path.join(root, 'counts') }));
    await store.close();
    expect(modeOf(path.join(root, 'counts', 'insights'))).toBe(0o700);
  });
});
