import path from 'node:path';
import { type FileResult, readMarkdownFile } from './files';
import { type BioFrontMatter, BioFrontMatterSchema } from './schemas';

/** The consultant: contact details from the front matter of content/bio.md, the biography from its body. */
export interface Bio extends BioFrontMatter {
  /** The biography as the consultant wrote it, in markdown. */
  markdown: string;
}

/** Reads and validates content/bio.md. */
export function loadBio(contentDir: string): FileResult<Bio> {
  const file = readMarkdownFile(path.join(contentDir, 'bio.md'), BioFrontMatterSchema);
  if (!file.ok) return file;
  return { ok: true, value: { ...file.value.data, markdown: file.value.body } };
}
