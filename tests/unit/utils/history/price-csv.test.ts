import { describe, expect, it } from 'vitest';
import { foldPriceDay } from '@/utils/history/downsample';
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
      'Diamonds,2025-01-02T14:30:00.000Z,10.5,12,4,1,check,10.5,12,12',
      'Diamonds,2025-01-02T15:30:00.000Z,,,0,1,check,,,',
      'Diamonds,2025-01-02T16:30:00.000Z,9,11,3,12,hour,9,11,11',
      '',
    ]);
  });

  it('is just the header for no points', () => {
    expect(priceHistoryCsv('x', [])).toBe(
      'search,time,lowest_unit_price,median_unit_price,listings,points,period,lowest_unit_price_max,median_unit_price_min,median_unit_price_max\r\n',
    );
  });

  it('guards and escapes the search label', () => {
    const csv = priceHistoryCsv('=cmd|"/c calc"!A1, now', [pricePoint(T)]);
    expect(csv.split('\r\n')[1]).toBe(
      `"'=cmd|""/c calc""!A1, now",2025-01-02T14:30:00.000Z,10,12,5,1,check,10,12,12`,
    );
  });

  it('says a folded day is one, with the checks it stands for and their extremes', () => {
    const day = Date.UTC(2025, 0, 2);
    const folded = foldPriceDay(
      'diamonds',
      [
        pricePoint(day + 3_600_000, { lowest: 10, median: 14, listings: 4 }),
        pricePoint(day + 40_000_000, { lowest: 8, median: 12, listings: 6 }),
        pricePoint(day + 80_000_000, { lowest: 11, median: 20, listings: 5 }),
      ],
      day,
    );
    expect(priceHistoryCsv('Diamonds', [folded]).split('\r\n')[1]).toBe(
      'Diamonds,2025-01-02T00:00:00.000Z,8,14,5,3,day,11,12,20',
    );
  });
});
