/** True when `value` is YYYY-MM-DD and names a day that exists (so 2026-02-30 and 2026-13-01 are rejected). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to 2 March instead of failing, so compare the round trip.
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The wording used for a date that does not exist, wherever it is caught. */
export function impossibleDateMessage(value: string): string {
  return `expected a real calendar date (YYYY-MM-DD); ${value} does not exist`;
}

/** An unquoted YAML date that names a day that does not exist. */
export interface ImpossibleYamlDate {
  key: string;
  value: string;
}

const YAML_DATE_LINE = /^\s*(?:-\s+)?([A-Za-z_][\w-]*)\s*:\s*(\d{4}-\d{2}-\d{2})\s*(?:#.*)?$/;

/**
 * Finds unquoted dates such as `updated: 2026-13-45` in raw front matter. The YAML parser turns them into
 * a Date and silently rolls them over (to 2027-02-14), so the mistake is only visible in the text itself.
 */
export function findImpossibleYamlDates(frontMatter: string): ImpossibleYamlDate[] {
  return frontMatter.split(/\r?\n/).flatMap((line) => {
    const match = YAML_DATE_LINE.exec(line);
    if (!match?.[1] || !match[2] || isCalendarDate(match[2])) return [];
    return [{ key: match[1], value: match[2] }];
  });
}
