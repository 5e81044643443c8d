import { describe, expect, it } from 'vitest';
import { CSV_LINE_END, csvNumber, csvRow, csvText } from '@/utils/history/csv';

describe('csvText', () => {
  it('leaves plain text alone', () => {
    expect(csvText('Diamond swords')).toBe('Diamond swords');
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling quotes', () => {
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText(' padded')).toBe('" padded"');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('defuses a formula: %j', (cell) => {
    expect(csvText(cell).replace(/^"/, '').startsWith(`'`)).toBe(true);
  });

  it('defuses and escapes together', () => {
    expect(csvText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });
});

describe('csvNumber', () => {
  it('writes numbers plainly and nothing for a missing value', () => {
    expect(csvNumber(12.5)).toBe('12.5');
    expect(csvNumber(0)).toBe('0');
    expect(csvNumber(null)).toBe('');
    expect(csvNumber(Number.NaN)).toBe('');
  });
});

describe('csvRow', () => {
  it('joins with commas and ends with CRLF', () => {
    expect(CSV_LINE_END).toBe('\r\n');
    expect(csvRow(['a', '1', ''])).toBe('a,1,\r\n');
  });
});
