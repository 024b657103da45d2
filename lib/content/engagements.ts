import path from 'node:path';
import { type FileResult, listMarkdownFiles, readMarkdownFile } from './files';
import { renderMarkdown } from './markdown';
import { type ContentProblem, displayPath } from './problems';
import { type EngagementFrontMatter, EngagementFrontMatterSchema } from './schemas';

/** The consultancy offers exactly this many engagement types (docs/agent-api.md, "Overview"). */
export const ENGAGEMENT_COUNT = 4;

/** One engagement type, from a file in content/engagements/. */
export interface Engagement extends EngagementFrontMatter {
  body: string;
  html: string;
}

/**
 * Reads every file in content/engagements/ and checks the rules that span them: exactly four, unique keys,
 * unique display order, and exactly one fallback for evaluate_client_needs. Sorted by `order`.
 */
export function loadEngagements(contentDir: string): FileResult<Engagement[]> {
  const dir = path.join(contentDir, 'engagements');
  const files = listMarkdownFiles(dir);
  if (!files.ok) return files;
  const problems: ContentProblem[] = [];
  const engagements: Engagement[] = [];
  const fileOf = new Map<Engagement, string>();
  for (const file of files.value) {
    const read = readMarkdownFile(file, EngagementFrontMatterSchema);
    if (!read.ok) {
      problems.push(...read.problems);
      continue;
    }
    const engagement = { ...read.value.data, body: read.value.body, html: renderMarkdown(read.value.body) };
    engagements.push(engagement);
    fileOf.set(engagement, displayPath(file));
  }
  const folder = displayPath(dir);
  if (files.value.length !== ENGAGEMENT_COUNT) {
    problems.push({
      file: folder,
      field: '(folder)',
      expected: `expected exactly ${ENGAGEMENT_COUNT} engagement files, found ${files.value.length}`,
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
