import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The project files an MCP tools/call runs code in (docs/mcp.md, "Files a call crosses"), counted by
// scripts/mcp-files-crossed.ts in a process of its own: in a worker shared with other test files, what they
// loaded and warmed would change the count.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

describe('an MCP tools/call POST, served in process', { timeout: 60_000 }, () => {
  it('runs code in no more files of the project than when last counted, and in few of lib/mcp', () => {
    const run = spawnSync(TSX, ['scripts/mcp-files-crossed.ts'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const crossed = JSON.parse(run.stdout) as string[];
    const ownFiles = crossed.filter((file) => file.startsWith('lib/mcp/') || file.startsWith('app/api/mcp/'));
    expect(ownFiles, 'the route and the files of lib/mcp a call runs code in').toContain('app/api/mcp/route.ts');
    expect(ownFiles.length, ownFiles.join('\n')).toBeLessThanOrEqual(8);
    expect(crossed.length, crossed.join('\n')).toBeLessThanOrEqual(35);
  });
});
