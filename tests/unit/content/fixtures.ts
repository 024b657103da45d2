import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { type ContentProblem, ContentError, loadContent } from '@/lib/content';

/** The real content folder of the project. */
export const REAL_CONTENT = path.resolve(import.meta.dirname, '../../../content');

const made: string[] = [];

/** A fresh copy of the real content/ folder in a temporary directory, removed after the test. */
export function copyContent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-'));
  fs.cpSync(REAL_CONTENT, dir, { recursive: true });
  made.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Rewrites one file of a content copy; fails loudly when the edit changes nothing, so a fixture can't rot. */
export function edit(dir: string, file: string, change: (text: string) => string): void {
  const full = path.join(dir, file);
  const before = fs.readFileSync(full, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`the edit to ${file} changed nothing; the fixture is out of date`);
  fs.writeFileSync(full, after);
}

/** Replaces exactly one occurrence of `from` with `to`. */
export function replaceOnce(from: string | RegExp, to: string): (text: string) => string {
  return (text) => {
    const all = typeof from === 'string' ? null : new RegExp(from, `${from.flags.replace('g', '')}g`);
    const count = all ? (text.match(all) ?? []).length : text.split(from).length - 1;
    if (count !== 1) throw new Error(`expected exactly one match for ${String(from)}, found ${count}`);
    return text.replace(from, to);
  };
}

/** The problems loadContent reports for a folder; fails the test when it loads without complaint. */
export function problemsOf(dir: string): readonly ContentProblem[] {
  try {
    loadContent(dir);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  throw new Error(`expected ${dir} to have content problems, but it loaded`);
}
