import path from 'node:path';
import { type FileResult, listMarkdownFiles, readMarkdownFile, setCopiesApart } from './files';
import { type ContentProblem, displayPath } from './problems';
import { type CaseStudyFrontMatter, CaseStudyFrontMatterSchema } from './schemas';

/** One piece of client work, from a file in content/case-studies/; the file name gives the slug. */
export interface CaseStudy extends CaseStudyFrontMatter {
  slug: string;
  /** The story as the consultant wrote it, in markdown (rendered where a page shows it: lib/ui/prose.tsx). */
  body: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Reads every file in content/case-studies/, newest year first. Engagement keys are checked by loadContent. */
export function loadCaseStudies(contentDir: string): FileResult<CaseStudy[]> {
  const dir = path.join(contentDir, 'case-studies');
  const listed = listMarkdownFiles(dir);
  if (!listed.ok) return listed;
  const files = setCopiesApart(listed.value);
  const problems: ContentProblem[] = [...files.copies];
  const studies: CaseStudy[] = [];
  for (const file of files.files) {
    const slug = path.basename(file, '.md');
    if (!SLUG.test(slug)) {
      problems.push({
        file: displayPath(file),
        field: '(file name)',
        expected: 'expected a lower-case file name with hyphens, such as fintech-repositioning.md (it becomes the page address)',
      });
      continue;
    }
    const read = readMarkdownFile(file, CaseStudyFrontMatterSchema);
    if (!read.ok) {
      problems.push(...read.problems);
      continue;
    }
    studies.push({ ...read.value.data, slug, body: read.value.body });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: studies.sort((a, b) => b.year - a.year || a.slug.localeCompare(b.slug)) };
}
