import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dateMessage, isCalendarDate } from '@/lib/content/dates';
import { suggestField } from '@/lib/content/fields';
import { describeJsonError } from '@/lib/content/files';
import { formatProblem } from '@/lib/content';
import { displayPath } from '@/lib/content/problems';

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return describeJsonError(text, error);
  }
  throw new Error('expected the JSON to be invalid');
}

describe('isCalendarDate', () => {
  it.each(['2026-11-21', '2024-02-29', '2026-12-31'])('accepts %s', (value) => expect(isCalendarDate(value)).toBe(true));
  it.each(['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-11-1', '21-11-2026', ''])('rejects "%s"', (value) =>
    expect(isCalendarDate(value)).toBe(false),
  );
});

describe('dateMessage', () => {
  const format = 'expected a date written as YYYY-MM-DD';
  const real = 'expected a real calendar date (YYYY-MM-DD)';
  it.each([
    ['27/11/2026', `${format}; for 27 November 2026 write 2026-11-27`],
    ['27.11.2026', `${format}; for 27 November 2026 write 2026-11-27`],
    ['27-11-2026', `${format}; for 27 November 2026 write 2026-11-27`],
    ['11/27/2026', `${format}; for 27 November 2026 write 2026-11-27`],
    ['2026-1-5', `${format}; for 5 January 2026 write 2026-01-05`],
    ['2026/11/27', `${format}; for 27 November 2026 write 2026-11-27`],
    ['27 November 2026', `${format}; for 27 November 2026 write 2026-11-27`],
    ['November 27, 2026', `${format}; for 27 November 2026 write 2026-11-27`],
    ['27 Nov 2026', `${format}; for 27 November 2026 write 2026-11-27`],
    ['3rd Sept. 2026', `${format}; for 3 September 2026 write 2026-09-03`],
    [20261127, `${format}; for 27 November 2026 write 2026-11-27`],
    ['05/06/2026', `${format}; for 5 June 2026 write 2026-06-05, or for 6 May 2026 write 2026-05-06`],
    ['06/06/2026', `${format}; for 6 June 2026 write 2026-06-06`],
    ['29/02/2024', `${format}; for 29 February 2024 write 2024-02-29`],
    ['31/11/2026', `${format}; 31/11/2026 does not exist: November has 30 days`],
    ['29 February 2026', `${format}; 29 February 2026 does not exist: February 2026 has 28 days`],
    ['27/11/26', `${format}, with the year in four digits and first, such as 2026-11-14 for 14 November 2026`],
    ['13/13/2026', `${format}, such as 2026-11-14 for 14 November 2026`],
    ['Novem 27 2026', `${format}, such as 2026-11-14 for 14 November 2026`],
    ['soon', `${format}, such as 2026-11-14 for 14 November 2026`],
    [true, `${format}, such as 2026-11-14 for 14 November 2026`],
    [undefined, format],
    ['2026-11-31', `${real}; 2026-11-31 does not exist: November has 30 days`],
    ['2026-02-29', `${real}; 2026-02-29 does not exist: February 2026 has 28 days`],
    ['2026-27-11', `${real}; 2026-27-11 does not exist: there is no month 27, months run from 01 to 12; for 27 November 2026 write 2026-11-27`],
    ['2026-13-45', `${real}; 2026-13-45 does not exist: there is no month 13, months run from 01 to 12`],
    ['2026-00-10', `${real}; 2026-00-10 does not exist: there is no month 0, months run from 01 to 12`],
    ['2026-11-00', `${real}; 2026-11-00 does not exist: there is no day 0, the days of a month start at 01`],
  ])('%s: %s', (written, message) => expect(dateMessage(written)).toBe(message));

  it('suggests, for every day of two years written day first, that day and no date that does not exist', () => {
    for (const year of [2024, 2026]) {
      for (let month = 1; month <= 12; month += 1) {
        for (let day = 1; day <= 31; day += 1) {
          const message = dateMessage(`${day}/${month}/${year}`);
          const suggested = [...message.matchAll(/write (\d{4}-\d{2}-\d{2})/g)].map((match) => match[1] ?? '');
          expect(suggested.filter((date) => !isCalendarDate(date))).toEqual([]);
          const meant = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          if (isCalendarDate(meant)) expect(suggested).toContain(meant);
          else expect(message).toMatch(/does not exist: \w+( \d{4})? has \d\d days$/);
        }
      }
    }
  });
});

describe('describeJsonError', () => {
  it('gives line and column for an error in the middle of the file', () => {
    expect(jsonError('{\n  "a": 1\n  "b": 2\n}')).toBe(
      "expected valid JSON (expected ',' or '}' after property value at line 3, column 3); check for a missing comma, quote or bracket just before that point",
    );
  });

  it('points at the end of a file that stops early', () => {
    const early = 'expected valid JSON, but the file ends too early at line 2, column 13; check for a missing closing } or ]';
    expect(jsonError('{\n  "a": [1, 2\n')).toBe(early);
    expect(jsonError('{\n  "a": [1, ')).toBe(early.replace('column 13', 'column 11'));
  });

  it('says when the file is empty', () => {
    expect(jsonError('  \n')).toBe('expected valid JSON, but the file is empty');
  });
});

describe('suggestField', () => {
  const known = ['keywords', 'givenName', 'responseTime', 'key', 'order'];
  it.each([
    ['keyword', 'keywords'],
    ['given_name', 'givenName'],
    ['ResponseTime', 'responseTime'],
    ['ordre', 'order'],
  ])('suggests %s → %s', (unknown, expected) => expect(suggestField(unknown, known)).toBe(expected));
  it.each(['colour', 'ky', 'x'])('suggests nothing for %s', (unknown) => expect(suggestField(unknown, known)).toBeUndefined());
});

describe('displayPath and formatProblem', () => {
  it('shows project files relative to the project and other files in full', () => {
    expect(displayPath(path.join(process.cwd(), 'content', 'bio.md'))).toBe('content/bio.md');
    expect(displayPath('/tmp/copy/bio.md')).toBe('/tmp/copy/bio.md');
  });

  it('writes a problem as file: field: expectation', () => {
    expect(formatProblem({ file: 'content/bio.md', field: 'email', expected: 'expected an email address' })).toBe(
      'content/bio.md: email: expected an email address',
    );
  });
});
