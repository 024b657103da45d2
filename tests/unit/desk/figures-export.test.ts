import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { storedFigures } from '../insights/stored-figures';
import { type DeskFigures, buildDeskFigures } from '@/lib/desk/figures';
import { csvCell } from '@/lib/desk/csv-cell';
import { figuresAsCsv, figuresAsJson } from '@/lib/desk/figures-export';

const NOW = Date.parse('2026-11-25T12:00:00Z');

/** A store holding `counts`, two inquiries and one answered mark, for buildDeskFigures to read. */
const storeOf = (counts: Record<string, number>) =>
  storedFigures(
    counts,
    [
      { reference: '261120-AAAAAA', at: '2026-11-20T09:00:00.000Z', channel: 'rest', client: 'x', engagement: 'e' },
      { reference: '261125-BBBBBB', at: '2026-11-25T10:00:00.000Z', channel: 'form', client: 'form', engagement: 'e' },
    ],
    { '261120-AAAAAA': '2026-11-20T10:00:00.000Z' },
  );

const COUNTS = {
  '2026-11-24|request|browser|page-html': 4,
  '2026-11-24|request|ai-crawler/gptbot|discovery': 3,
  '2026-11-24|verified|ai-crawler/gptbot': 2,
  // Names that come from outside (a client's tool and page names): a formula, a comma, a quote.
  '2026-11-24|tool|mcp|=HYPERLINK("http://evil.test","x")': 2,
  '2026-11-24|page|/a,b|people': 1,
  '2026-11-24|mcp|tools/call': 5,
  '2026-11-24|engagement|positioning-sprint': 1,
  '2026-11-24|refusal|mail': 1,
  '2026-11-24|mail-failure': 1,
};

const figures = (): Promise<DeskFigures> => buildDeskFigures(storeOf(COUNTS), NOW);

/** A CSV's records, read as RFC 4180 says: a quoted field may hold commas, doubled quotes and line breaks. */
function parseCsv(csv: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  const field = /"((?:[^"]|"")*)"|([^,\r]*)/y;
  let at = 0;
  while (at < csv.length) {
    field.lastIndex = at;
    const match = field.exec(csv);
    if (!match) throw new Error(`not CSV at ${at}`);
    record.push(match[1] === undefined ? (match[2] ?? '') : match[1].replaceAll('""', '"'));
    at = field.lastIndex;
    if (csv.startsWith('\r\n', at)) {
      records.push(record);
      record = [];
      at += 2;
    } else if (csv[at] === ',') at += 1;
    else throw new Error(`a field ends with neither a comma nor CRLF at ${at}`);
  }
  return records;
}

/** What a spreadsheet runs as a formula: a cell starting with = + - @ tab or CR, maybe after spaces and quotes. */
const FORMULA_START = /^[\s"]*[=+\-@\t\r]/;

/** A CSV's cells as a spreadsheet opened with `delimiter` reads them: quotes only where a field starts with one. */
const readAsSpreadsheet = (csv: string, delimiter: string): string[][] =>
  parse(csv, { delimiter, relax_quotes: true, relax_column_count: true });

describe('the desk’s figures as CSV', () => {
  it('quotes as RFC 4180 and defuses every cell a spreadsheet would run as a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(12)).toBe('12');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(parseCsv(`${csvCell(`${start}1+1`)}\r\n`)).toEqual([[`'${start}1+1`]]);
    }
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('\r1')).toBe(`"'\r1"`);
    expect(csvCell('=SUM(A1,A2)')).toBe(`"'=SUM(A1,A2)"`);
  });

  it('starts no cell as a formula when a spreadsheet splits the file at semicolons or tabs', () => {
    const names = ['Claude;=HYPERLINK(A9)', 'a\t+1', 'b; -2', 'c;"=3"', 'd,@4', 'e\r\n=5', ';\t=6', '=SUM(A1;A2)'];
    const csv = names.map((name) => `label,${csvCell(name)}\r\n`).join('');
    for (const delimiter of [',', ';', '\t']) {
      const cells = readAsSpreadsheet(csv, delimiter).flat();
      expect(
        cells.filter((cell) => FORMULA_START.test(cell)),
        delimiter,
      ).toEqual([]);
    }
    // Read with commas, as written, each name is whole, apostrophes its only change.
    expect(readAsSpreadsheet(csv, ',').map((record) => record[1]?.replaceAll("'", ''))).toEqual(names);
  });

  it('holds every table of the week and the month, long form, and each inquiry with its reply', async () => {
    const f = await figures();
    const csv = figuresAsCsv(f);
    expect(csv.endsWith('\r\n')).toBe(true);
    const records = parseCsv(csv);
    expect(records[0]).toEqual(['period', 'table', 'label', 'series', 'value']);
    expect(records.every((record) => record.length === 5)).toBe(true);
    const tables = new Set(records.slice(1).map(([period, table]) => `${period} ${table}`));
    for (const period of ['week', 'month']) {
      for (const table of [
        'period',
        'requests-per-day',
        'requests-by-who',
        'families',
        'surfaces',
        'pages',
        'tool-calls',
        'mcp-methods',
        'engagements',
        'refusals',
        'mail-failures',
      ])
        expect(tables, `${period} ${table}`).toContain(`${period} ${table}`);
    }
    const value = (period: string, table: string, label: string, series: string) =>
      records.find((r) => r[0] === period && r[1] === table && r[2] === label && r[3] === series)?.[4];
    expect(value('week', 'requests-per-day', '2026-11-24', 'people')).toBe(String(f.week.perDay[5]?.people));
    expect(value('week', 'requests-per-day', '2026-11-24', 'people')).toBe('4');
    expect(records.filter((r) => r[0] === 'month' && r[1] === 'requests-per-day')).toHaveLength(30 * 3);
    expect(value('week', 'families', 'ai-crawler/gptbot', 'verified')).toBe('2');
    expect(value('week', 'families', 'ai-crawler/gptbot', 'claimed')).toBe('1');
    expect(value('month', 'requests-by-who', 'agents', 'requests')).toBe('3');
    expect(value('week', 'pages', '/a,b', 'people')).toBe('1');
    expect(value('week', 'tool-calls', `'=HYPERLINK("http://evil.test","x")`, 'mcp')).toBe('2');
    expect(value('week', 'mcp-methods', 'tools/call', 'messages')).toBe('5');
    expect(value('month', 'mail-failures', 'all', 'failures')).toBe('1');
    expect(value('', 'generated', 'at', 'time')).toBe('2026-11-25T12:00:00.000Z');
    // The inquiries, newest first, with where each stands against the promise.
    expect(records.filter((r) => r[1] === 'inquiries' && r[3] === 'at').map((r) => r[2])).toEqual([
      '261125-BBBBBB',
      '261120-AAAAAA',
    ]);
    expect(value('month', 'inquiries', '261120-AAAAAA', 'answered-at')).toBe('2026-11-20T10:00:00.000Z');
    expect(value('month', 'inquiries', '261120-AAAAAA', 'overdue')).toBe('false');
    expect(value('month', 'inquiries', '261125-BBBBBB', 'answered-at')).toBe('');
    expect(value('month', 'inquiries', '261125-BBBBBB', 'age-hours')).toBe('2');
    // No cell anywhere starts as a formula.
    expect(records.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });
});

describe('the desk’s figures as JSON', () => {
  it('is the figures themselves', async () => {
    const f = await figures();
    const json = figuresAsJson(f);
    expect(JSON.parse(json)).toEqual(f);
    expect(JSON.parse(json).inquiries[0]).toMatchObject({ reference: '261125-BBBBBB', overdue: false, ageHours: 2 });
  });
});
