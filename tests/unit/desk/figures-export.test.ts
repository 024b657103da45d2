import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { storedFigures } from '../insights/stored-figures';
import { type DeskFigures, buildDeskFigures } from '@/lib/desk/figures';
import { csvCell } from '@/lib/desk/csv-cell';
import { figuresAsJson, inquiriesAsCsv, trafficAsCsv } from '@/lib/desk/figures-export';

const NOW = Date.parse('2026-11-25T12:00:00Z');

/** A store holding `counts`, two inquiries and one answered mark, for buildDeskFigures to read. */
const storeOf = (counts: Record<string, number>) =>
  storedFigures(
    counts,
    [
      { reference: '261120-AAAAAA', at: '2026-11-20T09:00:00.000Z', channel: 'rest', client: 'x', engagement: 'e' },
      {
        reference: '261125-BBBBBB',
        at: '2026-11-25T10:00:00.000Z',
        channel: 'form',
        client: 'form',
        engagement: 'positioning-sprint',
      },
    ],
    { '261120-AAAAAA': '2026-11-20T10:00:00.000Z' },
  );

const COUNTS = {
  '2026-11-24|request|browser|page-html': 4,
  '2026-11-24|request|ai-crawler/gptbot|discovery': 3,
  '2026-11-24|verified|ai-crawler/gptbot': 2,
  // Names that come from outside (a client's tool and page names): a formula, a comma, a quote.
  '2026-11-24|tool|mcp|=HYPERLINK("http://evil.test","x")': 2,
  '2026-11-24|view|/a,b|people': 1,
  '2026-11-24|view|/about|people': 2,
  '2026-11-24|visit|people': 2,
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

  it('lists the inquiries one row each under plain headers, waiting first, in her words', async () => {
    const records: string[][] = parse(inquiriesAsCsv(await figures()));
    expect(records[0]).toEqual([
      'Reference',
      'Received (UTC)',
      'Hours waiting',
      'Through',
      'Sent by',
      'Suggested engagement',
      'Answered at (UTC)',
      'Name',
      'Sector',
    ]);
    expect(records.slice(1)).toEqual([
      [
        '261125-BBBBBB',
        '2026-11-25 10:00',
        '2',
        'the contact form',
        'a person, on the contact form',
        'Positioning Sprint',
        '',
        '',
        '',
      ],
      [
        '261120-AAAAAA',
        '2026-11-20 09:00',
        '',
        'the REST API',
        'an MCP client that calls itself “x”',
        'an engagement no longer on the site',
        '2026-11-20 10:00',
        '',
        '',
      ],
    ]);
    expect(records.flat().filter((cell) => FORMULA_START.test(cell))).toEqual([]);
  });

  it('gives one row per day of the month, a column per kind of visitor', async () => {
    const records: string[][] = parse(trafficAsCsv(await figures()));
    expect(records[0]?.[0]).toBe('Day (UTC)');
    expect(records[0]).toContain('Page views by people');
    expect(records).toHaveLength(31);
    const day = records.find((record) => record[0] === '2026-11-24');
    const column = (name: string) => day?.[records[0]?.indexOf(name) ?? -1];
    expect(column('Page views by people')).toBe('3');
    expect(column('Visits by people')).toBe('2');
    expect(column('Requests from people')).toBe('4');
    expect(column('Requests from AI assistants and crawlers')).toBe('3');
  });
});

describe('the desk’s figures as JSON', () => {
  it('is the figures themselves, with nothing of who wrote an inquiry', async () => {
    const f = await figures();
    const json = JSON.parse(figuresAsJson(f));
    // The stable keys as the report has them, her words beside them.
    expect(json.week.perDay).toEqual(f.week.perDay);
    expect(json.week.families[0]).toMatchObject({ ...f.week.families[0], label: 'a person, in a web browser' });
    expect(json.week.mcpMethods).toEqual([{ method: 'tools/call', messages: 5, label: 'using a tool' }]);
    expect(json.inquiries[0]).toMatchObject({ reference: '261125-BBBBBB', overdue: false, ageHours: 2 });
    expect(json.inquiries[0].details).toBeUndefined();
  });
});
