import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '@/lib/config/env';

/** Variables read outside the parsed configuration: the content folder and the build folder. */
const READ_ELSEWHERE = ['CONTENT_DIR', 'NEXT_DIST_DIR'];

/** The variable names in the first column of README.md's "Configuration" table. */
function documentedVariables(): string[] {
  const readme = fs.readFileSync(path.join(process.cwd(), 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Configuration\n');
  if (start < 0) throw new Error('README.md has no "## Configuration" section');
  const end = readme.indexOf('\n## ', start + 1);
  const rows = readme
    .slice(start, end < 0 ? undefined : end)
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? ''));
}

describe("README.md's configuration table", () => {
  it('lists exactly the variables the app reads', () => {
    const read = [...Object.keys(ConfigSchema.shape), ...READ_ELSEWHERE].sort();
    expect(documentedVariables().sort()).toEqual(read);
  });
});
