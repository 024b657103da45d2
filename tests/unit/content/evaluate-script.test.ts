import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyContent, edit, replaceOnce } from './fixtures';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

describe('npm run evaluate', { timeout: 30_000 }, () => {
  it("prints the check's lines for broken content, without a stack trace, and exits 1", () => {
    const dir = copyContent();
    edit(dir, 'engagements/positioning-sprint.md', replaceOnce(/^price: .*$/m, 'price: From: £16,500'));
    const run = spawnSync(TSX, ['scripts/evaluate.ts', '--dir', dir, 'our pitch deck rambles'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr.split('\n').filter(Boolean)).toEqual([
      'content has 1 problem:',
      `${dir}/engagements/positioning-sprint.md, line 10: price: \`price: From: £16,500\` has a second colon followed by a space, which YAML reads as another field; put the value in double quotes: price: "From: £16,500"`,
    ]);
  });

  it('lists the words of an inquiry that matched nothing', () => {
    const run = spawnSync(TSX, ['scripts/evaluate.ts', 'Our pitch deck rambles about the gizmo roadmap', 'B2B SaaS'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('matched nothing (candidates for keywords or concepts): gizmo roadmap');
  });
});
