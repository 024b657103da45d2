import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every export of lib/ is imported somewhere: an export nothing imports is dead code that still has to be read,
 * kept and tested. Importers are every TypeScript file of the project, tests included (a test is a reader of the
 * module like any other; a piece exported only for its test is kept). Read from the source's syntax, so it runs in
 * well under a second: imports, re-exports (followed), dynamic imports (the names destructured, else all) and
 * `import('…')` types.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const LIB = path.join(ROOT, 'lib');
const SKIPPED = new Set(['node_modules', '.next', '.git', '.tools', 'test-results', 'dist', 'coverage']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.next')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file an import specifier names (`@/…` or relative), or undefined for a package. */
function resolve(from: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith('@/')) target = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  else return undefined;
  const candidates = [target, ...['.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'].map((ending) => target + ending)];
  return candidates.find((candidate) => fs.statSync(candidate, { throwIfNoEntry: false })?.isFile());
}

/** A name a module exports, or `*` for all of them. */
type Use = { file: string; name: string };
/** `export { name } from` in `file`: a use of `name` as `file` exports it is a use of `target`'s `original`. */
type ReExport = { file: string; name: string; target: string; original: string };

function exportedNames(source: ts.SourceFile): string[] {
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  return source.statements.flatMap((statement): string[] => {
    if (ts.isExportAssignment(statement)) return ['default'];
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause) {
      return ts.isNamedExports(statement.exportClause)
        ? statement.exportClause.elements.map((element) => element.name.text)
        : [];
    }
    if (!exported(statement)) return [];
    const isDefault = ts
      .getModifiers(statement as ts.HasModifiers)
      ?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
    if (isDefault) return ['default'];
    if (ts.isVariableStatement(statement)) {
      return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
    }
    const name = (statement as { name?: ts.Node }).name;
    return name && ts.isIdentifier(name) ? [name.text] : [];
  });
}

/** What each file of the project takes from the files it imports. */
function usesIn(file: string, source: ts.SourceFile, uses: Use[], reExports: ReExport[]): void {
  const take = (specifier: string, name: string) => {
    const target = resolve(file, specifier);
    if (target) uses.push({ file: target, name });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text;
      const clause = node.importClause;
      if (clause?.name) take(specifier, 'default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) take(specifier, '*');
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) take(specifier, (element.propertyName ?? element.name).text);
      }
      if (!clause) take(specifier, '*');
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolve(file, node.moduleSpecifier.text);
      const clause = node.exportClause;
      if (target && clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          const original = (element.propertyName ?? element.name).text;
          reExports.push({ file, name: element.name.text, target, original });
        }
      } else if (target) reExports.push({ file, name: '*', target, original: '*' });
    } else if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const callee = node.expression.getText(source);
      if (isImport) {
        const declaration = ts.isAwaitExpression(node.parent) ? node.parent.parent : undefined;
        if (declaration && ts.isVariableDeclaration(declaration) && ts.isObjectBindingPattern(declaration.name)) {
          for (const element of declaration.name.elements) {
            const name = element.propertyName ?? element.name;
            take(node.arguments[0].text, ts.isIdentifier(name) ? name.text : '*');
          }
        } else take(node.arguments[0].text, '*');
      } else if (/^(require|vi\.mock|vi\.importActual)$/.test(callee)) take(node.arguments[0].text, '*');
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) {
        const qualifier = node.qualifier;
        take(literal.text, qualifier && ts.isIdentifier(qualifier) ? qualifier.text : '*');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** Each export of lib/ (`file: name`, the file relative to lib/) that no file imports. */
function unusedExports(): string[] {
  const uses: Use[] = [];
  const reExports: ReExport[] = [];
  const exports = new Map<string, string[]>();
  for (const file of sourceFiles(ROOT)) {
    const text = fs.readFileSync(file, 'utf8');
    const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    usesIn(file, source, uses, reExports);
    if (file.startsWith(LIB + path.sep)) exports.set(file, exportedNames(source));
  }
  const used = new Set(uses.map((u) => `${u.file}\0${u.name}`));
  // A re-export that is used passes its use on to the file it re-exports from, until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const r of reExports) {
      const reached = used.has(`${r.file}\0${r.name}`) || used.has(`${r.file}\0*`) || r.name === '*';
      const key = `${r.target}\0${r.original}`;
      if (reached && !used.has(key)) {
        used.add(key);
        changed = true;
      }
    }
  }
  return [...exports].flatMap(([file, names]) =>
    names
      .filter((name) => !used.has(`${file}\0${name}`) && !used.has(`${file}\0*`))
      .map((name) => `${path.relative(LIB, file)}: ${name}`),
  );
}

describe('the exports of lib/', () => {
  it('are each imported by some file of the project', () => {
    expect(unusedExports()).toEqual([]);
  });
});
