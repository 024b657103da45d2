import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { z } from 'zod';
import { type ContentProblem, consultantErrorMap, displayPath, problemsFromZod } from './problems';

/** The outcome of reading one content file: a typed value, or the problems that stopped it. */
export type FileResult<T> = { ok: true; value: T } | { ok: false; problems: ContentProblem[] };

function fail(file: string, field: string, expected: string): { ok: false; problems: ContentProblem[] } {
  return { ok: false, problems: [{ file: displayPath(file), field, expected }] };
}

function readText(file: string): FileResult<string> {
  try {
    return { ok: true, value: fs.readFileSync(file, 'utf8') };
  } catch (error) {
    const reason = error instanceof Error && 'code' in error && error.code === 'ENOENT' ? 'the file is missing' : String(error);
    return fail(file, '(whole file)', `could not be read: ${reason}`);
  }
}

function validate<S extends z.ZodType>(file: string, schema: S, data: unknown, prefix = ''): FileResult<z.output<S>> {
  const parsed = schema.safeParse(data, { error: consultantErrorMap });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problems: problemsFromZod(displayPath(file), parsed.error, prefix) };
}

/** Reads a JSON file and validates it against a schema. */
export function readJsonFile<S extends z.ZodType>(file: string, schema: S): FileResult<z.output<S>> {
  const text = readText(file);
  if (!text.ok) return text;
  let data: unknown;
  try {
    data = JSON.parse(text.value);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return fail(file, '(whole file)', `expected valid JSON (${detail}); check for a missing comma, quote or bracket`);
  }
  return validate(file, schema, data);
}

/** A markdown file's validated front matter and its body. */
export interface MarkdownFile<T> {
  data: T;
  body: string;
}

/** Reads a markdown file, validates its YAML front matter against a schema and returns it with the body. */
export function readMarkdownFile<S extends z.ZodType>(file: string, schema: S): FileResult<MarkdownFile<z.output<S>>> {
  const text = readText(file);
  if (!text.ok) return text;
  if (!/^---\r?\n/.test(text.value)) {
    return fail(file, 'front matter', 'expected the file to start with a front matter block between two --- lines');
  }
  let parsed: matter.GrayMatterFile<string>;
  try {
    // gray-matter caches by content; pass an options object so each read is parsed afresh.
    parsed = matter(text.value, {});
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return fail(file, 'front matter', `expected valid YAML (${detail})`);
  }
  const data = validate(file, schema, parsed.data);
  if (!data.ok) return data;
  return { ok: true, value: { data: data.value, body: parsed.content.trim() } };
}

/** The markdown files of a content folder, sorted by name so that every listing is stable. */
export function listMarkdownFiles(dir: string): FileResult<string[]> {
  try {
    const names = fs.readdirSync(dir).filter((name) => name.endsWith('.md') && name !== 'README.md');
    return { ok: true, value: names.sort().map((name) => path.join(dir, name)) };
  } catch {
    return fail(dir, '(folder)', 'expected a folder of markdown files');
  }
}
