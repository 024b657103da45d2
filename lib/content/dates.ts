/**
 * Dates as the consultant writes them and as the site stores them (YYYY-MM-DD). A date written another way gets
 * the same date written out, when only one date can be meant, so that the message says what to write.
 */

/** True when `value` is YYYY-MM-DD and names a day that exists (so 2026-02-30 and 2026-13-01 are rejected). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to 2 March instead of failing, so compare the round trip.
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A year, month and day read from what was written; the day may still be past the end of the month. */
interface Reading {
  year: number;
  month: number;
  day: number;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (value: number) => String(value).padStart(2, '0');
const iso = ({ year, month, day }: Reading) => `${year}-${pad(month)}-${pad(day)}`;
const spoken = ({ year, month, day }: Reading) => `${day} ${MONTHS[month - 1]} ${year}`;

/** The month a name or its short form stands for (`Nov`, `Sept`, `november`), from 1, or 0 for none. */
function monthNamed(name: string): number {
  const lower = name.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return 0;
  return (
    MONTHS.findIndex(
      (month) => month.toLowerCase().startsWith(lower) && (lower.length <= 4 || month.toLowerCase() === lower),
    ) + 1
  );
}

const NAMED_DAY_FIRST = /^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]+\.?),?\s+(\d{4})$/i;
const NAMED_MONTH_FIRST = /^([A-Za-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;
const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const YEAR_LAST = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/;

/**
 * Every date `written` can mean: one when the intent is plain, two for 05/06/2026 (5 June or 6 May), none when
 * the year is not written in full or the numbers fit no month. Day-first comes first: the site is British.
 */
function readingsOf(written: string): Reading[] {
  const text = written.trim();
  const dayFirst = NAMED_DAY_FIRST.exec(text);
  const monthFirst = NAMED_MONTH_FIRST.exec(text);
  if (dayFirst ?? monthFirst) {
    const [day, name, year] = dayFirst
      ? [dayFirst[1], dayFirst[2], dayFirst[3]]
      : [monthFirst?.[2], monthFirst?.[1], monthFirst?.[3]];
    const month = monthNamed(name ?? '');
    return month > 0 && Number(day) > 0 ? [{ year: Number(year), month, day: Number(day) }] : [];
  }
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  const yearFirst = YEAR_FIRST.exec(text) ?? compact;
  if (yearFirst) {
    const [year, month, day] = [1, 2, 3].map((group) => Number(yearFirst[group]));
    return [{ year: year ?? 0, month: month ?? 0, day: day ?? 0 }].filter(
      (reading) => reading.month >= 1 && reading.month <= 12 && reading.day >= 1,
    );
  }
  const yearLast = YEAR_LAST.exec(text);
  if (!yearLast) return [];
  const [first, second, year] = [1, 3, 4].map((group) => Number(yearLast[group]));
  const readings = [
    { year: year ?? 0, month: second ?? 0, day: first ?? 0 },
    { year: year ?? 0, month: first ?? 0, day: second ?? 0 },
  ].filter((reading) => reading.month >= 1 && reading.month <= 12 && reading.day >= 1);
  return first === second ? readings.slice(0, 1) : readings;
}

/** Why a reading names no day: the length of its month, or undefined when the day exists. */
function pastMonthEnd({ year, month, day }: Reading): string | undefined {
  const days = daysIn(year, month);
  if (day <= days) return undefined;
  return `${MONTHS[month - 1]}${month === 2 ? ` ${year}` : ''} has ${days} days`;
}

/**
 * The date to write for `written`, worded as the end of a message: "for 27 November 2026 write 2026-11-27",
 * both dates when two are possible, or why the date meant does not exist ("November has 30 days").
 * Undefined when no date is plain from what was written.
 */
function dateFix(written: string): string | undefined {
  const readings = readingsOf(written);
  const real = readings.filter((reading) => pastMonthEnd(reading) === undefined);
  if (real.length > 0) return real.map((reading) => `for ${spoken(reading)} write ${iso(reading)}`).join(', or ');
  const [reading] = readings;
  return reading ? `${written.trim()} does not exist: ${pastMonthEnd(reading)}` : undefined;
}

/** The message for a date not written as YYYY-MM-DD, with the date to write when it is plain. */
function dateFormatMessage(written: unknown): string {
  const fix = typeof written === 'string' || typeof written === 'number' ? dateFix(String(written)) : undefined;
  if (fix) return `expected a date written as YYYY-MM-DD; ${fix}`;
  // A two-digit year could be any century, and 05/06/26 could be read three ways: ask rather than guess.
  const shortYear = typeof written === 'string' && /^\d{1,2}[-/.]\d{1,2}[-/.]\d{2}$/.test(written.trim());
  const how = shortYear ? ', with the year in four digits and first' : '';
  return `expected a date written as YYYY-MM-DD${how}, such as 2026-11-14 for 14 November 2026`;
}

/** Why a YYYY-MM-DD date does not exist, and the date to write when a month and day were swapped (2026-27-11). */
function missingDayReason(value: string): string {
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  if (month < 1 || month > 12) {
    const swapped = { year, month: day, day: month };
    const plain = month > 12 && day >= 1 && day <= 12 && !pastMonthEnd(swapped);
    const fix = plain ? `; for ${spoken(swapped)} write ${iso(swapped)}` : '';
    return `there is no month ${month}, months run from 01 to 12${fix}`;
  }
  if (day < 1) return 'there is no day 0, the days of a month start at 01';
  return pastMonthEnd({ year, month, day }) ?? '';
}

/** The wording used for a date that does not exist. */
function impossibleDateMessage(value: string): string {
  return `expected a real calendar date (YYYY-MM-DD); ${value} does not exist: ${missingDayReason(value)}`;
}

/**
 * What is wrong with a value that is not a real YYYY-MM-DD date, with what to write. A missing value gets the bare
 * format, which the "missing; add …" message quotes.
 */
export function dateMessage(value: unknown): string {
  if (value === undefined) return 'expected a date written as YYYY-MM-DD';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return impossibleDateMessage(value);
  return dateFormatMessage(value);
}
