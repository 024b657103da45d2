import path from 'node:path';
import { type FileResult, listMarkdownFiles, readMarkdownFile, setCopiesApart } from './files';
import { type ContentProblem, displayPath } from './problems';
import { type EngagementFrontMatter, EngagementFrontMatterSchema } from './schemas';

/** The consultancy offers exactly this many engagement types (docs/agent-api.md, "Overview"). */
export const ENGAGEMENT_COUNT = 4;

/** One engagement type, from a file in content/engagements/. */
export interface Engagement extends EngagementFrontMatter {
  /** The description as the consultant wrote it, in markdown (rendered where a page shows it: lib/ui/prose.tsx). */
  body: string;
}

/**
 * Reads every file in content/engagements/ and checks the rules that span them: exactly four, unique keys,
 * unique display order, keywords and concept phrases on one engagement only, and exactly one fallback for
 * evaluate_client_needs. Sorted by `order`.
 */
export function loadEngagements(contentDir: string): FileResult<Engagement[]> {
  const dir = path.join(contentDir, 'engagements');
  const listed = listMarkdownFiles(dir);
  if (!listed.ok) return listed;
  const files = setCopiesApart(listed.value);
  const problems: ContentProblem[] = [...files.copies];
  const engagements: Engagement[] = [];
  const fileOf = new Map<Engagement, string>();
  for (const file of files.files) {
    const read = readMarkdownFile(file, EngagementFrontMatterSchema);
    if (!read.ok) {
      problems.push(...read.problems);
      continue;
    }
    const engagement = { ...read.value.data, body: read.value.body };
    engagements.push(engagement);
    fileOf.set(engagement, displayPath(file));
  }
  const folder = displayPath(dir);
  if (files.files.length !== ENGAGEMENT_COUNT) {
    const names = files.files.map((file) => path.basename(file)).join(', ');
    const advice = files.files.length > ENGAGEMENT_COUNT ? '; remove the extra one (to replace an engagement, edit its file)' : '';
    problems.push({
      file: folder,
      field: '(folder)',
      expected: `expected exactly ${ENGAGEMENT_COUNT} engagement files, found ${files.files.length}: ${names}${advice}`,
    });
  }
  for (const field of ['key', 'order'] as const) {
    const seen = new Map<string | number, string>();
    for (const engagement of engagements) {
      const first = seen.get(engagement[field]);
      if (first !== undefined) {
        problems.push({
          file: fileOf.get(engagement) ?? folder,
          field,
          expected: `expected a unique ${field}; "${engagement[field]}" is already used in ${first}`,
        });
      } else seen.set(engagement[field], fileOf.get(engagement) ?? folder);
    }
  }
  if (problems.length === 0) problems.push(...sharedPhrases(engagements, fileOf, folder));
  const fallbacks = engagements.filter((engagement) => engagement.fallback).length;
  if (problems.length === 0 && fallbacks !== 1) {
    problems.push({
      file: folder,
      field: 'fallback',
      expected: `expected exactly one engagement with "fallback: true" (used when nothing matches), found ${fallbacks}`,
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: engagements.sort((a, b) => a.order - b.order) };
}

/** A phrase as evaluate_client_needs compares it, near enough: lower case, accents and punctuation ignored. */
function phraseKey(phrase: string): string {
  return phrase
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
}

/**
 * Keywords and concept phrases that two engagements share: such a phrase scores both alike, so it cannot tell
 * them apart and only hides what the client meant.
 */
function sharedPhrases(
  engagements: readonly Engagement[],
  fileOf: ReadonlyMap<Engagement, string>,
  folder: string,
): ContentProblem[] {
  const owner = new Map<string, string>();
  const problems: ContentProblem[] = [];
  for (const engagement of engagements) {
    const file = fileOf.get(engagement) ?? folder;
    const fields: [string, string[]][] = [
      ['keywords', engagement.keywords],
      ...Object.entries(engagement.concepts).map(([name, phrases]): [string, string[]] => [`concepts.${name}`, [name, ...phrases]]),
    ];
    const own = new Set<string>();
    for (const [field, phrases] of fields) {
      for (const phrase of phrases) {
        const key = phraseKey(phrase);
        const first = owner.get(key);
        if (first !== undefined && first !== file) {
          problems.push({ file, field, expected: `expected each keyword and concept phrase on one engagement only; "${phrase}" is also in ${first}` });
        }
        own.add(key);
      }
    }
    for (const key of own) if (!owner.has(key)) owner.set(key, file);
  }
  return problems;
}
