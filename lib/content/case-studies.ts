import path from 'node:path';
import { type FileResult, listMarkdownFiles, readMarkdownFile, setCopiesApart } from './files';
import { nameKey } from './plain-text';
import { type ContentProblem, displayPath } from './problems';
import { type CaseStudyFrontMatter, CaseStudyFrontMatterSchema } from './schemas';

/** One piece of client work, from a file in content/case-studies/; the file name gives the slug. */
export interface CaseStudy extends CaseStudyFrontMatter {
  slug: string;
  /** The story as the consultant wrote it, in markdown (rendered where a page shows it: lib/ui/prose.tsx). */
  body: string;
}

export type Quote = NonNullable<CaseStudyFrontMatter['quote']>;

/** Who said it, in one line, as the markdown and the agent API give it: "Name, Role". */
export function quoteAttribution(quote: Quote): string {
  return `${quote.name}, ${quote.role}`;
}

/** The homepage shows at most this many quotes: enough to be proof, few enough to stay short on a phone. */
const HOME_QUOTES = 3;

/**
 * The case studies whose quotes the homepage shows: featured ones first, each group in the case studies' own order
 * (newest year first, then file name), so the choice changes only when the content does.
 */
export function quotedStudies(studies: readonly CaseStudy[]): (CaseStudy & { quote: Quote })[] {
  const quoted = studies.filter((study): study is CaseStudy & { quote: Quote } => study.quote !== undefined);
  const featuredFirst = [...quoted.filter((study) => study.featured), ...quoted.filter((study) => !study.featured)];
  return featuredFirst.slice(0, HOME_QUOTES);
}

/**
 * The clients the site may name: those of the case studies not anonymised, in the case studies' order, then the
 * other clients site.json lists; each name once, compared ignoring case.
 */
export function namedClients(studies: readonly CaseStudy[], otherClients: readonly string[] = []): string[] {
  const names = [...studies.filter((study) => !study.anonymised).map((study) => study.client), ...otherClients];
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = nameKey(name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
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
