import fs from 'node:fs';
import path from 'node:path';
import { loadBio } from './bio';
import { PORTRAIT_FOLDER } from './portrait-file';
import { ContentError } from './problems';

/**
 * Copies the photo content/bio.md names into the build folder `distDir`, after `next build` (which empties it),
 * where Next serves its own files from and its image optimiser reads them. Returns the copy, or undefined when the
 * bio names no photo.
 */
export function placePortrait(contentDir: string, distDir: string): string | undefined {
  const bio = loadBio(contentDir);
  if (!bio.ok) throw new ContentError(bio.problems);
  const { portrait } = bio.value;
  if (!portrait) return undefined;
  const copy = path.join(distDir, PORTRAIT_FOLDER, path.posix.basename(portrait.src));
  fs.mkdirSync(path.dirname(copy), { recursive: true });
  fs.copyFileSync(portrait.file, copy);
  return copy;
}
