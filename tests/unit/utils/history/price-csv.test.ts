import { describe, expect, it } from 'vitest';
import { PRICE_CSV_HEADER, priceHistoryCsv } from '@/utils/history/price-csv';
import { pricePoint } from './history-fixtures';

const T = Date.UTC(2025, 0, 2, 14, 30);

describe('priceHistoryCsv', () => {
  it('writes a header, then one row per point with ISO times and plain numbers', () => {
    const csv = priceHistoryCsv('Diamonds', [
      pricePoint(T, { lowest: 10.5, median: 12, listings: 4 }),
      pricePoint(T + 3_600_000, { lowest: null, median: null, listings: 0 }),
      pricePoint(T + 7_200_000, { lowest: 9, median: 11, listings: 3, samples: 12 }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      PRICE_CSV_HEADER.join(','),
      'Diamonds,2025-01-02T14:30:00.000Z,10.5,12,4,1',
      'Diamonds,2025-01-02T15:30:00.000Z,,,0,1',
      'Diamonds,2025-01-02T16:30:00.000Z,9,11,3,12',
      '',
    ]);
  });

  it('is just the header for no points', () => {
    expect(priceHistoryCsv('x', [])).toBe(
      'search,time,lowest_unit_price,median_unit_price,listings,points\r\n',
    );
  });

  it('guards and escapes the search label', () => {
    const csv = priceHistoryCsv('=cmd|"/c calc"!A1, now', [pricePoint(T)]);
    expect(csv.split('\r\n')[1]).toBe(`"'=cmd|""/c calc""!A1, now",2025-01-02T14:30:00.000Z,10,12,5,1`);
  });
});
