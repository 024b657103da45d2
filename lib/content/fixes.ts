import { z } from 'zod';
import type { SourceLine } from './front-matter';

/**
 * What to write instead, for a value of the wrong type: the consultant needs the edit, not the diagnosis.
 * Each fix is worded from the line as she wrote it when the line is known (markdown), else from the value (JSON).
 */

/** The value part of a YAML line: after `key:` or after `- `. */
export function valueText(text: string): string {
  const field = /^[ \t]*(?:- +)?[A-Za-z_][\w-]*:[ \t]*(.*)$/.exec(text);
  if (field) return (field[1] ?? '').trim();
  return text.replace(/^[ \t]*- +/, '').trim();
}

/** The line with its value replaced: `order: three` → `order: 3`. */
function rewritten(text: string, value: string): string {
  const written = valueText(text);
  return `${text.trim().slice(0, text.trim().length - written.length)}${value}`;
}

/** The line rewritten with its value in double quotes: `price: 27500` → `price: "27500"`. */
function quoted(text: string): string {
  return rewritten(text, `"${valueText(text).replace(/"/g, '\\"')}"`);
}

/** The line with the quotes around its value removed: `year: "2026"` → `year: 2026`. */
function unquoted(text: string): string {
  return text.trim().replace(/(["'])(.*)\1\s*$/, '$2');
}

/** Where the value goes, in the consultant's words. */
function placeOf(key: PropertyKey): string {
  return typeof key === 'number' ? 'entry' : 'value';
}

/** What a whole-number field counts: its place in a list (`order`), or a year. Registered on the schemas. */
export const wholeNumberMeaning = z.registry<{ counts: 'position' | 'year' }>();

const NUMBER_WORDS = 'one two three four five six seven eight nine ten eleven twelve'.split(' ');
const ORDINAL_WORDS = 'first second third fourth fifth sixth seventh eighth ninth tenth'.split(' ');

/** The number a position written in words stands for (`three`, `third`, `3rd`), or undefined. */
function positionInWords(text: string): number | undefined {
  const word = text.trim().toLowerCase();
  const index = NUMBER_WORDS.includes(word) ? NUMBER_WORDS.indexOf(word) : ORDINAL_WORDS.indexOf(word);
  if (index >= 0) return index + 1;
  const ordinal = /^(\d+)(?:st|nd|rd|th)$/.exec(word)?.[1];
  return ordinal === undefined ? undefined : Number(ordinal);
}

/** The year in a text that holds one and no other digits (`Spring 2024`), or undefined. */
function yearIn(text: string): number | undefined {
  const year = /^\D*(\d{4})\D*$/.exec(text)?.[1];
  return year === undefined ? undefined : Number(year);
}

/** The fix for a whole number written as text, worded for what the field counts. */
function wholeNumberFix(value: string, counts: 'position' | 'year' | undefined, written: string | undefined): string {
  const plain = counts === 'year' ? yearIn(value) : positionInWords(value);
  if (plain !== undefined) {
    const what = counts === 'year' ? 'the year alone, in digits' : 'the number in digits';
    return written ? `; write ${what}: ${rewritten(written, String(plain))}` : `; write ${what}: ${plain}`;
  }
  if (counts === 'year') return '; write the year in digits, such as 2025';
  if (counts === 'position') return '; write the position in digits: 1 for the first, 2 for the second';
  return '; write a whole number in digits';
}

/** The fix for a list or a group written otherwise in site.json, in JSON's own brackets rather than YAML's lines. */
function jsonFix(expected: string, value: unknown, name: string): string | undefined {
  if (expected === 'array') {
    const entries = typeof value === 'string' ? value.split(',').map((entry) => entry.trim()).filter(Boolean) : [];
    const example = entries.length > 0 ? entries.map((entry) => JSON.stringify(entry)).join(', ') : '"…", "…"';
    return `; write the list in square brackets, each entry in double quotes: "${name}": [${example}]`;
  }
  if (expected === 'object' || expected === 'record') {
    return `; write its fields in curly brackets, each "name": value: "${name}": { … }`;
  }
  if (expected === 'string' && Array.isArray(value)) {
    return '; write the text in double quotes, without square brackets';
  }
  return undefined;
}

/**
 * The fix for a wrong type, appended to "expected …, found …". `key` is the last part of the field's path,
 * `line` where the value was written (undefined for JSON), `schema` the field's own when it is known, `format` the
 * file's language, whose way of writing a list or a group the fix shows.
 */
export function fixForType(
  expected: string,
  value: unknown,
  key: PropertyKey,
  line: SourceLine | undefined,
  schema?: z.core.$ZodType,
  format: 'yaml' | 'json' = 'yaml',
): string {
  const written = line?.text;
  const name = typeof key === 'string' ? key : '';
  const inJson = format === 'json' ? jsonFix(expected, value, name) : undefined;
  if (inJson) return inJson;
  if (expected === 'string') {
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && written?.includes(': ')) {
      return `; a colon followed by a space makes YAML read a field name, so put the ${placeOf(key)} in double quotes: ${quoted(written)}`;
    }
    if (Array.isArray(value)) return `; write the text on the same line, after "${name}: "`;
    if (value === null) return emptyFix(written, `write the text after "${name}:"`);
    if (['number', 'boolean'].includes(typeof value) || value instanceof Date) {
      return written ? `; put the ${placeOf(key)} in double quotes: ${quoted(written)}` : `; put it in double quotes: "${String(value)}"`;
    }
  }
  if ((expected === 'int' || expected === 'number') && typeof value === 'string') {
    if (/^\s*\d+\s*$/.test(value)) return written ? `; remove the quotes: ${unquoted(written)}` : '; remove the quotes';
    return wholeNumberFix(value, schema && wholeNumberMeaning.get(schema)?.counts, written);
  }
  if (expected === 'boolean' && typeof value === 'string') {
    return /^(true|false)$/i.test(value.trim()) ? `; remove the quotes: ${name}: ${value.trim().toLowerCase()}` : '; write true or false';
  }
  if (expected === 'array') {
    if (value === null) return emptyFix(written, `add its entries on the lines below "${name}:", each starting with two spaces and "- "`);
    return `; write each entry on its own line below "${name}:", starting with two spaces and "- "`;
  }
  if (expected === 'object' || expected === 'record') {
    if (value === null) return emptyFix(written, `add its fields on the lines below "${name}:", indented by two spaces`);
    return `; write its fields on the lines below "${name}:", each indented by two spaces and written "name: value"`;
  }
  return '';
}

/** An empty value: often text after `#`, which YAML reads as a comment. */
function emptyFix(written: string | undefined, otherwise: string): string {
  if (written && valueText(written).startsWith('#')) return '; YAML reads "#" as the start of a comment, so put the text in double quotes';
  return `; ${otherwise}`;
}
