import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '@/lib/config/env';

/** Variables read outside the parsed configuration: the content folder and the build folder. */
const READ_ELSEWHERE = ['CONTENT_DIR', 'NEXT_DIST_DIR'];

/** The variable names in the first column of docs/configuration.md's table. */
function documentedVariables(): string[] {
  const doc = fs.readFileSync(path.join(process.cwd(), 'docs/configuration.md'), 'utf8');
  const start = doc.indexOf('\n## Variables\n');
  if (start < 0) throw new Error('docs/configuration.md has no "## Variables" section');
  const end = doc.indexOf('\n## ', start + 1);
  const rows = doc
    .slice(start, end < 0 ? undefined : end)
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? ''));
}

describe("docs/configuration.md's table", () => {
  it('lists exactly the variables the app reads', () => {
    const read = [...Object.keys(ConfigSchema.shape), ...READ_ELSEWHERE].sort();
    expect(documentedVariables().sort()).toEqual(read);
  });
});
