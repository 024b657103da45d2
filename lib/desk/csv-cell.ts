/** What a spreadsheet reads as a formula at a cell's start (OWASP's CSV injection), maybe after spaces and quotes. */
const FORMULA_AHEAD = String.raw`(?=[\s"]*[=+\-@\t\r])`;
const FORMULA_AT_START = new RegExp(`^${FORMULA_AHEAD}`);
/** Another cell could start after a separator some spreadsheet reads (comma, semicolon, tab) or a line break. */
const FORMULA_AFTER_SEPARATOR = new RegExp(`[,;\\t\\r\\n]${FORMULA_AHEAD}`, 'g');

/**
 * A cell as RFC 4180 writes it, defused first: an apostrophe goes before a formula at the start and after each
 * separator, so that no cell starts as a formula whichever separator the file is opened with; semicolons and
 * tabs are quoted as commas are.
 */
export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = (FORMULA_AT_START.test(text) ? `'${text}` : text).replace(FORMULA_AFTER_SEPARATOR, "$&'");
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as one CSV file: RFC 4180's CRLF after every row. */
export function csvRows(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
