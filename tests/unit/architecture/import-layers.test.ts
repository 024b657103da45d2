import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The folders of lib/ form layers: no import runs back up, so no two folders import each other, directly or
 * through others, and each imports only folders after it in the README's list of layers. Read from the source's
 * import statements, as the tree stands.
 */
const LIB = path.resolve(import.meta.dirname, '../../../lib');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The folder of lib/ a file belongs to ("(root)" for a file directly in lib/). */
function folderOf(file: string): string {
  const relative = path.relative(LIB, file).split(path.sep);
  return relative.length > 1 ? (relative[0] ?? '(root)') : '(root)';
}

/** The folder an import specifier in `file` points to, or undefined when it leaves lib/. */
function importedFolder(file: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith('@/lib/')) target = path.join(LIB, specifier.slice('@/lib/'.length));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier);
  else return undefined;
  if (!target.startsWith(LIB + path.sep)) return undefined;
  const relative = path.relative(LIB, target).split(path.sep);
  // `@/lib/content` names the folder's index; `@/lib/version` a file in lib/ itself.
  return relative.length > 1 || fs.existsSync(target) ? (relative[0] ?? '(root)') : '(root)';
}

function folderGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(LIB)) {
    const from = folderOf(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      const to = importedFolder(file, match[1] ?? '');
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      edges.set(to, [...(edges.get(to) ?? []), path.relative(LIB, file)]);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every cycle's folders, found by depth-first search (each reported once, from its smallest folder name). */
function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  const found = new Map<string, string[]>();
  const visit = (start: string, node: string, trail: string[]) => {
    for (const next of graph.get(node)?.keys() ?? []) {
      if (next === start) {
        const key = [...trail].sort().join(',');
        if (trail.every((folder) => folder >= start) && !found.has(key)) found.set(key, [...trail, start]);
      } else if (!trail.includes(next) && next > start) visit(start, next, [...trail, next]);
    }
  };
  for (const start of graph.keys()) visit(start, start, [start]);
  return [...found.values()];
}

/**
 * The layers as the README's map of the code lists them, top to bottom and left to right: the code block after
 * "The folders of lib/ are layers", one line per layer, its folders before the first run of spaces.
 */
function readmeLayers(): string[] {
  const readme = fs.readFileSync(path.resolve(LIB, '../README.md'), 'utf8');
  const block = /The folders of lib\/ are layers[\s\S]*?```\n([^`]*)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md lists no layers ("The folders of lib/ are layers" and a code block)');
  return block
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => (line.split(/ {2,}/)[0] ?? '').split(','))
    .map((folder) => folder.trim())
    .map((folder) => (folder === 'lib/*.ts' ? '(root)' : folder));
}

describe('the folders of lib/', () => {
  it('import each other in one direction only', () => {
    const graph = folderGraph();
    const described = cycles(graph).map((cycle) =>
      cycle
        .slice(1)
        .map(
          (to, i) =>
            `${cycle[i]} -> ${to} (${graph
              .get(cycle[i] ?? '')
              ?.get(to)
              ?.join(', ')})`,
        )
        .join('; '),
    );
    expect(described).toEqual([]);
  });

  it('import only folders after them in the order the README lists', () => {
    const graph = folderGraph();
    const order = readmeLayers();
    const folders = fs
      .readdirSync(LIB, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? [entry.name] : []));
    expect([...order].sort()).toEqual(['(root)', ...folders].sort());
    const upward = [...graph].flatMap(([from, edges]) =>
      [...edges]
        .filter(([to]) => order.indexOf(to) < order.indexOf(from))
        .map(([to, files]) => `${from} -> ${to} (${files.join(', ')})`),
    );
    expect(upward).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', new Map([['b', ['a/x.ts']]])],
      ['b', new Map([['c', ['b/y.ts']]])],
      ['c', new Map([['a', ['c/z.ts']]])],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
