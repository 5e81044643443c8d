/**
 * CSV cells and rows (RFC 4180: comma separated, CRLF line ends, quotes doubled inside
 * quoted cells), safe to open in a spreadsheet.
 */

export const CSV_LINE_END = '\r\n';

/** A text cell starting with one of these would run as a formula in a spreadsheet. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Cells holding one of these, or edge spaces that spreadsheets trim, are quoted. */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** A text cell: a leading apostrophe defuses formulas, then quoted when needed. */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A number cell; empty for null or a value that is not a finite number. */
export function csvNumber(value: number | null): string {
  return value !== null && Number.isFinite(value) ? String(value) : '';
}

/** One line of cells already made with csvText / csvNumber. */
export function csvRow(cells: readonly string[]): string {
  return cells.join(',') + CSV_LINE_END;
}
