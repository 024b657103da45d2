import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findImpossibleYamlDates, isCalendarDate } from '@/lib/content/dates';
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

describe('findImpossibleYamlDates', () => {
  it('finds unquoted dates that do not exist and leaves real and quoted ones alone', () => {
    const yaml = '\ntitle: x\nupdated: 2026-13-45\nstarted: 2026-02-28\nended: "2026-02-30"\n  - due: 2026-04-31 # comment';
    expect(findImpossibleYamlDates(yaml)).toEqual([
      { key: 'updated', value: '2026-13-45' },
      { key: 'due', value: '2026-04-31' },
    ]);
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
