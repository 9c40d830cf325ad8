/**
 * CSV as spreadsheets read it (RFC 4180): fields separated by commas, records ended by CRLF, a
 * field quoted when it holds a comma, a quote, a CR or an LF, its quotes doubled. The file starts
 * with a UTF-8 byte order mark, without which Excel reads "£" and accented names as Windows-1252.
 *
 * Small enough to write here rather than take a dependency for: what matters is the neutralising
 * of formulas below, which a general library leaves off by default.
 */

/**
 * A cell: text (neutralised where it could be read as a formula), a number, a figure we wrote
 * ourselves (`{ figure: '4250.00' }`, as it is), or empty.
 */
export type Cell = string | number | Figure | null | undefined;
/** A number already written out by our own code (pounds with their pence), never neutralised. */
export type Figure = { figure: string };

export const UTF8_BOM = '\uFEFF';
export const CRLF = '\r\n';

/**
 * OWASP's CSV injection: a spreadsheet runs a cell beginning with one of these as a formula
 * (`=HYPERLINK(...)` sends whoever clicks it away; DDE formulas once ran programs). A tab or a CR
 * first is there too, as spreadsheets skip them before looking for the formula sign.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One text cell: one starting like a formula gets a leading `'` (spreadsheets show it as text,
 * and the quote shows that it was changed) and is quoted; others are quoted only when they must be.
 */
export function textCell(value: string): string {
  if (FORMULA_START.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * One cell. Numbers are written as they are, never neutralised: they come from our own columns
 * (mileage, pounds), and a spreadsheet must read them as numbers.
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a number a spreadsheet can read: ${value}`);
    return String(value);
  }
  if (typeof value === 'object') return value.figure;
  return textCell(value);
}

/** One record, ended by CRLF. */
export function csvRow(cells: readonly Cell[]): string {
  return cells.map(csvCell).join(',') + CRLF;
}

/** Whole pence as pounds with two decimals ("4250.00"), a number a spreadsheet reads; empty for none. */
export function poundsCell(pence: number | null | undefined): Figure | null {
  if (pence === null || pence === undefined) return null;
  if (!Number.isSafeInteger(pence)) throw new Error(`Not whole pence: ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return { figure: `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` };
}
