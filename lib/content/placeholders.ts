import type { Bio } from './bio';
import type { Engagement } from './engagements';
import { type ContentProblem, fieldName } from './problems';
import { type Site, SiteSchema } from './schemas';

/**
 * Placeholders in site.json's copy, such as `{city}` or `{engagement:positioning-sprint.title}`: a fact that has
 * an owner file (bio.md, an engagement) is written there once, and the copy that repeats it takes it from there,
 * so renaming an engagement or moving city changes every page at once (content/README.md, "Placeholders").
 */

/** What a placeholder looks like: braces around a name, with no space inside. */
const PLACEHOLDER = /\{([A-Za-z][\w.:-]*)\}/g;

/** The engagement fields a placeholder may name. */
const ENGAGEMENT_FIELDS = ['title', 'tagline'] as const;

/** Every known placeholder with its value, from the files that own the facts. */
export function knownPlaceholders(site: Site, bio: Bio, engagements: readonly Engagement[]): Map<string, string> {
  const known = new Map<string, string>([
    ['siteName', site.siteName],
    ['name', bio.name],
    ['city', bio.location.city],
    ['country', bio.location.country],
  ]);
  for (const engagement of engagements) {
    for (const field of ENGAGEMENT_FIELDS) known.set(`engagement:${engagement.key}.${field}`, engagement[field]);
  }
  return known;
}

/** `value` with every string in it passed through `change`, with its path. */
function mapTexts(value: unknown, path: PropertyKey[], change: (text: string, path: PropertyKey[]) => string): unknown {
  if (typeof value === 'string') return change(value, path);
  if (Array.isArray(value)) return value.map((item, index) => mapTexts(item, [...path, index], change));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapTexts(item, [...path, key], change)]));
  }
  return value;
}

/**
 * site.json's copy with its placeholders filled in, or a problem for each unknown one naming the known ones.
 * `file` is site.json as the consultant sees it.
 */
export function resolvePlaceholders(
  site: Site,
  known: ReadonlyMap<string, string>,
  file: string,
): { ok: true; value: Site } | { ok: false; problems: ContentProblem[] } {
  const problems: ContentProblem[] = [];
  const names = [...known.keys()].map((name) => `{${name}}`).join(', ');
  const resolved = mapTexts(site, [], (text, path) =>
    text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = known.get(name);
      if (value !== undefined) return value;
      problems.push({
        file,
        field: fieldName(path),
        expected: `"${whole}" is not a known placeholder; write one of ${names}, or the words themselves`,
      });
      return whole;
    }),
  );
  if (problems.length > 0) return { ok: false, problems };
  // Parsed again rather than cast: only texts changed, so this cannot fail, and the type is proved.
  return { ok: true, value: SiteSchema.parse(resolved) };
}
