import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * What the owner reads after `npm install` in the project folder: npm's usual summary, since the project sets
 * nothing that turns npm's output into JSON. A dry run with the lock and node_modules in place asks nothing of the
 * registry and changes nothing.
 */
describe('npm install in the project folder', { timeout: 60_000 }, () => {
  it('prints npm’s usual summary line, not JSON', () => {
    const run = spawnSync('npm', ['install', '--dry-run', '--offline', '--no-audit', '--no-fund'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(/^(up to date|added \d+ packages?|removed \d+ packages?|changed \d+).* in \d/);
  });
});
