import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No two files under lib/ share a base name: a name like `store.ts` in two folders means two things, and a reader
 * (or an editor's quick-open) cannot tell which is meant. Read from the tree as it stands.
 */
const LIB = path.resolve(import.meta.dirname, '../../../lib');

/**
 * The names allowed more than once, each for the one job its name always has: `index.ts` is a folder's entry,
 * imported by the folder's name (`@/lib/content`), never by its own.
 */
const ALLOWED_AGAIN = new Set(['index.ts', 'index.tsx']);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Each base name held by two files or more, with their paths relative to lib/, the allowed names left out. */
function sharedNames(files: readonly string[], allowed: ReadonlySet<string>): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const name = path.basename(file);
    if (!allowed.has(name)) byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return new Map([...byName].filter(([, paths]) => paths.length > 1));
}

describe('the files of lib/', () => {
  it('each have a base name no other file has (index files aside)', () => {
    const files = filesUnder(LIB).map((file) => path.relative(LIB, file));
    expect(Object.fromEntries(sharedNames(files, ALLOWED_AGAIN))).toEqual({});
  });

  it('finds two files with one name when there are (the check itself works)', () => {
    const files = ['desk/store.ts', 'counting/store.ts', 'content/index.ts', 'mcp/index.ts', 'desk/session.ts'];
    expect(Object.fromEntries(sharedNames(files, ALLOWED_AGAIN))).toEqual({
      'store.ts': ['desk/store.ts', 'counting/store.ts'],
    });
  });
});
