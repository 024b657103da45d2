import path from 'node:path';
import { type Bio, loadBio } from './bio';
import { contentDirectory } from './directory';
import { type CaseStudy, loadCaseStudies } from './case-studies';
import { type Engagement, loadEngagements } from './engagements';
import { knownPlaceholders, resolvePlaceholders } from './placeholders';
import type { FileResult } from './files';
import { ContentError, type ContentProblem, displayPath } from './problems';
import type { Site } from './schemas';
import { loadSite } from './site';

export type { Bio, CaseStudy, Engagement, Site };
export { ContentError, formatProblem, type ContentProblem } from './problems';
export { contentDirectory } from './directory';

/** Everything under content/, validated and typed. */
export interface Content {
  site: Site;
  bio: Bio;
  engagements: Engagement[];
  caseStudies: CaseStudy[];
}


function collect<T>(result: FileResult<T>, problems: ContentProblem[]): T | undefined {
  if (result.ok) return result.value;
  problems.push(...result.problems);
  return undefined;
}

/**
 * Reads and validates every content file, then the rules that span files (site.json's siteName equals
 * bio.md's company; every case study names an existing engagement; site.json's placeholders are known ones, and
 * are filled in from the files that own the facts). Throws one ContentError listing every
 * problem, so the consultant sees them all at once.
 */
export function loadContent(contentDir: string = contentDirectory()): Content {
  const problems: ContentProblem[] = [];
  const written = collect(loadSite(contentDir), problems);
  const bio = collect(loadBio(contentDir), problems);
  const engagements = collect(loadEngagements(contentDir), problems);
  const caseStudies = collect(loadCaseStudies(contentDir), problems);
  const site =
    written && bio && engagements
      ? collect(
          resolvePlaceholders(written, knownPlaceholders(written, bio, engagements), displayPath(path.join(contentDir, 'site.json'))),
          problems,
        )
      : written;
  if (site && bio && site.siteName !== bio.company) {
    problems.push({
      file: displayPath(path.join(contentDir, 'site.json')),
      field: 'siteName',
      expected: `expected the company name from bio.md ("${bio.company}"), found "${site.siteName}"; keep the two equal`,
    });
  }
  if (engagements && caseStudies) {
    const keys = engagements.map((engagement) => engagement.key);
    for (const study of caseStudies) {
      if (!keys.includes(study.engagement)) {
        problems.push({
          file: displayPath(path.join(contentDir, 'case-studies', `${study.slug}.md`)),
          field: 'engagement',
          expected: `expected one of ${keys.join(', ')}; "${study.engagement}" is not an engagement key`,
        });
      }
    }
  }
  if (problems.length > 0 || !site || !bio || !engagements || !caseStudies) throw new ContentError(problems);
  return { site, bio, engagements, caseStudies };
}

let cached: { dir: string; content: Content } | undefined;

/**
 * The validated content, read once per process. In `next dev` it is read afresh on every call, so the
 * consultant sees an edit on the next page load.
 */
export function getContent(): Content {
  const dir = contentDirectory();
  if (process.env.NODE_ENV === 'development') return loadContent(dir);
  if (cached?.dir !== dir) cached = { dir, content: loadContent(dir) };
  return cached.content;
}

export const getSite = (): Site => getContent().site;
export const getBio = (): Bio => getContent().bio;
export const getEngagements = (): Engagement[] => getContent().engagements;
export const getCaseStudies = (): CaseStudy[] => getContent().caseStudies;

/** The engagement with this key, or undefined. */
export function findEngagement(key: string): Engagement | undefined {
  return getEngagements().find((engagement) => engagement.key === key);
}

/** The case study with this slug, or undefined. */
export function findCaseStudy(slug: string): CaseStudy | undefined {
  return getCaseStudies().find((study) => study.slug === slug);
}
