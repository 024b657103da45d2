import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';

/**
 * Which content a build serves: the newest `updated` date of the content files and a short hash of their bytes,
 * such as `2026-11-14.3f9a1c2b`. next.config.ts bakes it into the build's Content-Version header, and the server
 * says it at start (docs/serving.md, "Which content is served"). Imported by next.config.ts, which every server
 * loads at start: relative imports only, and no schema library, which would be loaded at every start for one field.
 */

/**
 * Every file under `dir`, relative and sorted: the text files and what they name, such as her photo, whose new
 * bytes are a new address on the pages. The READMEs are guides, not content.
 */
function contentFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) !== 'README.md' && fs.statSync(path.join(dir, file)).isFile())
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

const isTextFile = (file: string) => /\.(?:md|json)$/.test(file);

/** A file's `updated` date, YYYY-MM-DD, when it has one (validation is the loader's job, run before any build). */
function updatedOf(file: string, text: string): string | undefined {
  let data: unknown;
  try {
    data = file.endsWith('.json') ? JSON.parse(text) : matter(text, {}).data;
  } catch {
    return undefined;
  }
  const updated = typeof data === 'object' && data !== null ? (data as { updated?: unknown }).updated : undefined;
  if (updated instanceof Date) return updated.toISOString().slice(0, 10);
  return typeof updated === 'string' ? updated : undefined;
}

/** The content version of the folder `dir`: newest `updated`, a dot, then 8 hex digits of SHA-256. */
export function contentVersion(dir: string): string {
  const hash = createHash('sha256');
  let newest = '';
  for (const file of contentFiles(dir)) {
    const bytes = fs.readFileSync(path.join(dir, file));
    // The name goes in too, so renaming a file is a new version; NUL cannot occur in either.
    hash.update(file).update('\0').update(bytes).update('\0');
    const updated = isTextFile(file) ? updatedOf(file, bytes.toString('utf8')) : undefined;
    if (updated && updated > newest) newest = updated;
  }
  return `${newest || 'undated'}.${hash.digest('hex').slice(0, 8)}`;
}
