import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, poundsCell, textCell } from './csv';
import { ukDate, ukDateTime } from './uk-time';

/** What a spreadsheet (here csv-parse, a real RFC 4180 reader) makes of one record. */
const readBack = (record: string): string[] => parse(record, { relax_column_count: false })[0] as string[];

describe('CSV cells', () => {
  it('neutralises cells a spreadsheet would run as a formula (OWASP CSV injection)', () => {
    expect(textCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(textCell('+1')).toBe(`"'+1"`);
    expect(textCell('-2')).toBe(`"'-2"`);
    expect(textCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(textCell('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(textCell('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(readBack(csvRow(['=HYPERLINK("http://x","y")', '+1', '-2', '@SUM(A1)']))).toEqual([
      `'=HYPERLINK("http://x","y")`,
      `'+1`,
      `'-2`,
      `'@SUM(A1)`,
    ]);
  });

  it('leaves alone what only looks like a formula further in, and plain text', () => {
    expect(textCell('Jo = Seller')).toBe('Jo = Seller');
    expect(textCell('jo+cars@example.com')).toBe('jo+cars@example.com');
    expect(textCell('Smith-Jones')).toBe('Smith-Jones');
    expect(textCell('07911 123456')).toBe('07911 123456');
    expect(textCell('')).toBe('');
  });

  it('quotes commas, quotes, CRs and LFs as RFC 4180 says, doubling the quotes', () => {
    expect(textCell('Smith, Jo')).toBe('"Smith, Jo"');
    expect(textCell('The "Beast"')).toBe('"The ""Beast"""');
    expect(textCell('line one\nline two')).toBe('"line one\nline two"');
    expect(textCell('a\r\nb')).toBe('"a\r\nb"');
    expect(readBack(csvRow(['Smith, Jo', 'The "Beast"', 'line one\r\nline two', 'Zoë Brontë £4,250']))).toEqual([
      'Smith, Jo',
      'The "Beast"',
      'line one\r\nline two',
      'Zoë Brontë £4,250',
    ]);
  });

  it('writes our own numbers as they are, never neutralised, and nothing for empty cells', () => {
    expect(csvCell(45000)).toBe('45000');
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(() => csvCell(Number.NaN)).toThrow();
    expect(csvRow([1, null, 'x'])).toBe('1,,x\r\n');
  });

  it('writes pence as pounds with two decimals, a number a spreadsheet reads', () => {
    expect(poundsCell(425000)).toEqual({ figure: '4250.00' });
    expect(poundsCell(1999)).toEqual({ figure: '19.99' });
    expect(poundsCell(5)).toEqual({ figure: '0.05' });
    expect(poundsCell(-150)).toEqual({ figure: '-1.50' });
    expect(poundsCell(null)).toBeNull();
    expect(csvRow([poundsCell(-150), poundsCell(100_000_000)])).toBe('-1.50,1000000.00\r\n');
    expect(() => poundsCell(1.5)).toThrow();
  });

  it('any text survives a real CSV reader, with only the neutralising quote added', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\r', '\n', '\t', '=', '+', '-', '@', '£', 'é', "'"),
    });
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (cells) => {
        const read = readBack(csvRow(cells));
        expect(read).toEqual(cells.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)));
      }),
      { seed: 37_001, numRuns: 500 },
    );
  });
});

describe('UK times in the files', () => {
  it('writes the UK clock: GMT in winter, BST in summer, across midnight', () => {
    expect(ukDateTime(new Date('2026-01-15T09:05:00Z'))).toBe('2026-01-15 09:05');
    expect(ukDateTime(new Date('2026-07-15T09:05:00Z'))).toBe('2026-07-15 10:05');
    expect(ukDateTime(new Date('2026-07-15T23:30:00Z'))).toBe('2026-07-16 00:30');
    expect(ukDate(new Date('2026-07-15T23:30:00Z'))).toBe('2026-07-16');
    expect(ukDate(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
    // The clocks go forward at 01:00 GMT on 29 March 2026.
    expect(ukDateTime(new Date('2026-03-29T00:59:00Z'))).toBe('2026-03-29 00:59');
    expect(ukDateTime(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29 02:00');
    // And back at 01:00 UTC on 25 October 2026: 01:59 BST, then 01:00 GMT.
    expect(ukDateTime(new Date('2026-10-25T00:59:00Z'))).toBe('2026-10-25 01:59');
    expect(ukDateTime(new Date('2026-10-25T01:00:00Z'))).toBe('2026-10-25 01:00');
  });

  it('agrees with Intl to the minute at any instant of any year', () => {
    const intl = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const instants = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(instants, (instant) => {
        expect(ukDateTime(instant)).toBe(intl.format(instant));
        expect(ukDate(instant)).toBe(intl.format(instant).slice(0, 10));
      }),
      { seed: 37_002, numRuns: 2_000 },
    );
  });
});
