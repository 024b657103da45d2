import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The folders of lib/ form layers: no import runs back up, so no two folders import each other, directly or
 * through others, and each imports only folders after it in the README's list of layers. Within and across
 * folders, no two files import each other either (type-only imports included): a reader can follow every file
 * from what it depends on. Read from the source's import statements, as the tree stands.
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
  // `@/lib/content` names the folder's index; `@/lib/api-version` a file in lib/ itself.
  return relative.length > 1 || fs.existsSync(target) ? (relative[0] ?? '(root)') : '(root)';
}

/** Every specifier a source file imports or re-exports, type-only and dynamic imports included. */
function specifiersIn(source: string): string[] {
  return [...source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1] ?? '');
}

/** The file of lib/ an import specifier in `file` names (`@/lib/...` or relative), or undefined when it leaves lib/. */
function importedFile(file: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith('@/lib/')) target = path.join(LIB, specifier.slice('@/lib/'.length));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier);
  else return undefined;
  const candidates = [target, ...['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => target + ending)];
  return candidates.find(
    (candidate) => candidate.startsWith(LIB + path.sep) && fs.statSync(candidate, { throwIfNoEntry: false })?.isFile(),
  );
}

/** Which files of lib/ each file of lib/ imports, by their paths relative to lib/. */
function fileGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(LIB)) {
    const imported = specifiersIn(fs.readFileSync(file, 'utf8')).flatMap((specifier) => {
      const target = importedFile(file, specifier);
      return target ? [path.relative(LIB, target)] : [];
    });
    graph.set(path.relative(LIB, file), new Set(imported));
  }
  return graph;
}

/**
 * One circle through each group of files that reach each other (Tarjan's strongly connected components), from
 * the group's first file by name along the shortest way back to it.
 */
function fileCircles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const connect = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = member === node ? undefined : stack.pop()) {
      group.push(member);
    }
    if (group.length > 1 || graph.get(node)?.has(node)) groups.push(group);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return groups.map((group) => {
    const start = [...group].sort()[0] ?? '';
    const trails: string[][] = [[start]];
    for (const trail of trails) {
      for (const next of [...(graph.get(trail.at(-1) ?? '') ?? [])].sort()) {
        if (next === start) return [...trail, start];
        if (group.includes(next) && !trails.some((seen) => seen.includes(next))) trails.push([...trail, next]);
      }
    }
    return group;
  });
}

function folderGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(LIB)) {
    const from = folderOf(file);
    for (const specifier of specifiersIn(fs.readFileSync(file, 'utf8'))) {
      const to = importedFolder(file, specifier);
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

describe('the files of lib/', () => {
  it('import each other in one direction only, type-only imports included', () => {
    expect(fileCircles(fileGraph()).map((circle) => circle.map((file) => `lib/${file}`).join(' -> '))).toEqual([]);
  });

  it('resolve every import of lib/ to a file (the check reads every edge)', () => {
    const unresolved = sourceFiles(LIB).flatMap((file) =>
      specifiersIn(fs.readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('@/lib/') || specifier.startsWith('.'))
        .filter((specifier) => !importedFile(file, specifier))
        .map((specifier) => `${path.relative(LIB, file)}: ${specifier}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('finds a circle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a.ts', new Set(['b/index.ts', 'd.ts'])],
      ['b/index.ts', new Set(['c.ts'])],
      ['c.ts', new Set(['a.ts', 'd.ts'])],
      ['d.ts', new Set<string>()],
      ['e.ts', new Set(['e.ts'])],
    ]);
    expect(fileCircles(graph)).toEqual([
      ['a.ts', 'b/index.ts', 'c.ts', 'a.ts'],
      ['e.ts', 'e.ts'],
    ]);
  });
});

describe('the two halves of lib/mcp', () => {
  const graph = fileGraph();
  const importsOf = (prefix: string, into: (target: string) => boolean) =>
    [...graph]
      .filter(([file]) => file.startsWith(prefix))
      .flatMap(([file, imported]) => [...imported].filter(into).map((target) => `lib/${file} -> lib/${target}`));

  it('the surface imports nothing of the transport', () => {
    expect(importsOf('mcp/surface/', (target) => target.startsWith('mcp/transport/'))).toEqual([]);
  });

  it('the transport imports nothing of the surface: the endpoint hands it what it needs', () => {
    expect(importsOf('mcp/transport/', (target) => target.startsWith('mcp/surface/'))).toEqual([]);
  });

  it('the protocol facts both read are a leaf: protocol.ts imports no other file of lib/mcp', () => {
    expect(importsOf('mcp/protocol.ts', (target) => target.startsWith('mcp/'))).toEqual([]);
  });
});
