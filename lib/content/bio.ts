import fs from 'node:fs';
import path from 'node:path';
import { type FileResult, readMarkdownFile } from './files';
import { findLine, splitFrontMatter } from './front-matter';
import { type Portrait, checkPortraitFile } from './portrait-file';
import { displayPath } from './problems';
import { type BioFrontMatter, BioFrontMatterSchema } from './schemas';

/** The consultant: contact details from the front matter of content/bio.md, the biography from its body. */
export interface Bio extends Omit<BioFrontMatter, 'portrait'> {
  /** The biography as the consultant wrote it, in markdown. */
  markdown: string;
  /** Her photo, when the bio names one; the pages show her initials otherwise. */
  portrait?: Portrait;
}

/** Reads and validates content/bio.md, and the photo it names. */
export function loadBio(contentDir: string): FileResult<Bio> {
  const bioFile = path.join(contentDir, 'bio.md');
  const file = readMarkdownFile(bioFile, BioFrontMatterSchema);
  if (!file.ok) return file;
  const { portrait: named, ...details } = file.value.data;
  const bio = { ...details, markdown: file.value.body };
  if (!named) return { ok: true, value: bio };
  const checked = checkPortraitFile(contentDir, named.file, named.description);
  if (checked.ok) return { ok: true, value: { ...bio, portrait: checked.portrait } };
  const line = findLine(splitFrontMatter(fs.readFileSync(bioFile, 'utf8')).lines, ['portrait', 'file'])?.number;
  const problem = {
    file: displayPath(bioFile),
    ...(line ? { line } : {}),
    field: 'portrait.file',
    expected: checked.expected,
  };
  return { ok: false, problems: [problem] };
}
