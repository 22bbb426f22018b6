/**
 * A CSV document for a spreadsheet (RFC 4180): CRLF lines, a cell with a comma, quote or line
 * break quoted, and a cell that a spreadsheet would run as a formula kept as text.
 */

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before one)
 * as a formula: a buyer's name, an operator's words or a processor's text must stay text
 * (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The header and the rows as one document, each line ending in CRLF. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  return [header, ...rows].map((cells) => `${cells.map(cell).join(',')}\r\n`).join('');
}
