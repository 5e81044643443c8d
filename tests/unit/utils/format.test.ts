import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  epochToMs,
  formatCompact,
  formatKd,
  formatNumber,
  formatPlaytime,
  formatRelativeTime,
  formatTimeLeft,
  itemName,
} from '@/utils/format';

const NON_FINITE = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];

/** Any double: integers, fractions, huge values, -0, NaN, ±Infinity. */
const anyNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    0,
    -0,
    1e15,
    -1e15,
    1e18,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    ...NON_FINITE,
  ),
);

function expectClean(text: string): void {
  expect(typeof text).toBe('string');
  expect(text).not.toMatch(/NaN|Infinity|undefined|null|e\+/);
}

describe('totality: no formatter throws or prints NaN/Infinity/undefined', () => {
  it('one-argument formatters', () => {
    const formatters = [formatNumber, formatCompact, formatPlaytime, formatTimeLeft];
    fc.assert(
      fc.property(anyNumber, (n) => {
        for (const format of formatters) expectClean(format(n));
      }),
    );
  });

  it('two-argument formatters and epochToMs', () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, (a, b) => {
        expectClean(formatKd(a, b));
        expectClean(formatRelativeTime(a, b));
        expect(Number.isFinite(epochToMs(a))).toBe(true);
      }),
    );
  });
});

describe('formatNumber', () => {
  it('groups thousands', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1e15)).toBe('1,000,000,000,000,000');
    expect(formatNumber(-9876543)).toBe('-9,876,543');
  });

  it('shows up to two decimals for fractions', () => {
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatNumber(0.125)).toBe('0.13');
    expect(formatNumber(2.999)).toBe('3');
    expect(formatNumber(-0.001)).toBe('0');
    expect(formatNumber(-0)).toBe('0');
  });

  it('honours a locale and survives a bad one', () => {
    expect(formatNumber(1234567.5, 'de-DE')).toBe('1.234.567,5');
    expect(formatNumber(1234, 'not a locale!')).toBe('1,234');
  });

  it.each(NON_FINITE)('%s → ?', (n) => {
    expect(formatNumber(n)).toBe('?');
  });
});

describe('formatCompact', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [999.99, '999'],
    [0.4, '0'],
    [1000, '1k'],
    [1049, '1k'],
    [1234, '1.2k'],
    [1299, '1.2k'],
    [9999, '9.9k'],
    [10000, '10k'],
    [12345, '12k'],
    [99999, '99k'],
    [100000, '100k'],
    [999999, '999k'],
    [999999.999, '999k'],
    [1e6, '1M'],
    [1.25e6, '1.2M'],
    [9999999, '9.9M'],
    [1e7, '10M'],
    [12e6, '12M'],
    [999999999, '999M'],
    [1e9, '1B'],
    [1.5e9, '1.5B'],
    [999999999999, '999B'],
    [1e12, '1T'],
    [999e12, '999T'],
    [1e15 - 1, '999T'],
    [1e15, '1Q'],
    [1.2e15, '1.2Q'],
    [999e15, '999Q'],
    [1e18, '?'],
    [Number.MAX_VALUE, '?'],
  ])('%d → %s', (n, expected) => {
    expect(formatCompact(n)).toBe(expected);
  });

  it('negatives get a leading - and the same scheme', () => {
    expect(formatCompact(-1)).toBe('-1');
    expect(formatCompact(-999)).toBe('-999');
    expect(formatCompact(-9999)).toBe('-9.9k');
    expect(formatCompact(-1e15)).toBe('-1Q');
    expect(formatCompact(-0.5)).toBe('0');
    expect(formatCompact(-0)).toBe('0');
    expect(formatCompact(-1e18)).toBe('?');
  });

  it.each(NON_FINITE)('%s → ?', (n) => {
    expect(formatCompact(n)).toBe('?');
  });

  it('every boundary fits the badge: ≤ 4 characters (≤ 5 when negative)', () => {
    const boundaries: number[] = [];
    for (let exp = 0; exp <= 18; exp += 1) {
      const p = 10 ** exp;
      boundaries.push(p - 1, p - 0.5, p, p + 1, 9.99 * p, 9.95 * p, 99.9 * p);
    }
    for (const n of boundaries) {
      expect(formatCompact(n).length, `${n} → ${formatCompact(n)}`).toBeLessThanOrEqual(4);
      expect(formatCompact(-n).length, `${-n} → ${formatCompact(-n)}`).toBeLessThanOrEqual(5);
      expect(formatCompact(n)).not.toMatch(/^10\.|1000|\.0/);
    }
  });

  it('property: any value from 0 to 1e15 fits in 4 characters and never rounds up', () => {
    const value: Record<string, number> = { k: 1e3, M: 1e6, B: 1e9, T: 1e12, Q: 1e15, '': 1 };
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ min: 0, max: 1e15, noNaN: true }), fc.integer({ min: 0, max: 1e7 })),
        (n) => {
          const text = formatCompact(n);
          expect(text.length).toBeLessThanOrEqual(4);
          const m = /^(\d+(?:\.\d)?)([kMBTQ]?)$/.exec(text);
          expect(m).not.toBeNull();
          const shown = Number(m?.[1]) * (value[m?.[2] ?? ''] ?? Number.NaN);
          expect(shown).toBeLessThanOrEqual(n * (1 + 1e-12));
        },
      ),
    );
  });
});

describe('formatPlaytime', () => {
  const HOUR = 72000;
  it.each([
    [0, '0 h'],
    [-HOUR, '0 h'],
    [1, '0 h'],
    [0.1 * HOUR, '0.1 h'],
    [HOUR, '1.0 h'],
    [3.5 * HOUR, '3.5 h'],
    [9.99 * HOUR, '9.9 h'],
    [10 * HOUR, '10 h'],
    [47.9 * HOUR, '47 h'],
    [48 * HOUR, '48 h (2 days)'],
    [1234 * HOUR, '1,234 h (51 days)'],
    [1e15, '13,888,888,888 h (578,703,703 days)'],
  ])('%d ticks → %s', (ticks, expected) => {
    expect(formatPlaytime(ticks)).toBe(expected);
  });

  it.each(NON_FINITE)('%s → ?', (n) => {
    expect(formatPlaytime(n)).toBe('?');
  });
});

describe('formatKd', () => {
  it('has two decimals', () => {
    expect(formatKd(3, 2)).toBe('1.50');
    expect(formatKd(2, 3)).toBe('0.67');
    expect(formatKd(10, 10)).toBe('1.00');
    expect(formatKd(123456, 100)).toBe('1,234.56');
  });

  it('no deaths: the kills are the ratio; 0/0 is 0.00', () => {
    expect(formatKd(12, 0)).toBe('12.00');
    expect(formatKd(0, 0)).toBe('0.00');
    expect(formatKd(0, 5)).toBe('0.00');
  });

  it('negative or non-finite counts count as zero; an infinite ratio is ?', () => {
    expect(formatKd(-5, 2)).toBe('0.00');
    expect(formatKd(5, -2)).toBe('5.00');
    expect(formatKd(Number.NaN, 2)).toBe('0.00');
    expect(formatKd(7, Number.POSITIVE_INFINITY)).toBe('7.00');
    expect(formatKd(Number.MAX_VALUE, 1e-10)).toBe('?');
  });
});

describe('epochToMs', () => {
  it('reads values below 1e11 as seconds and the rest as milliseconds', () => {
    expect(epochToMs(1_700_000_000)).toBe(1_700_000_000_000);
    expect(epochToMs(1_700_000_000_123)).toBe(1_700_000_000_123);
    expect(epochToMs(99_999_999_999)).toBe(99_999_999_999_000);
    expect(epochToMs(100_000_000_000)).toBe(100_000_000_000);
    expect(epochToMs(0)).toBe(0);
    expect(epochToMs(1.5)).toBe(1500);
    expect(epochToMs(-60)).toBe(-60_000);
  });

  it.each(NON_FINITE)('%s → 0', (n) => {
    expect(epochToMs(n)).toBe(0);
  });
});

describe('formatRelativeTime', () => {
  const NOW = 1_700_000_000_000;
  const S = 1000;
  it.each([
    [0, 'just now'],
    [44 * S, 'just now'],
    [-44 * S, 'just now'],
    [45 * S, '1 min ago'],
    [89 * S, '1 min ago'],
    [5 * 60 * S, '5 min ago'],
    [59 * 60 * S, '59 min ago'],
    [3600 * S, '1 h ago'],
    [3 * 3600 * S, '3 h ago'],
    [23.9 * 3600 * S, '23 h ago'],
    [2 * 86400 * S, '2 d ago'],
    [2000 * 86400 * S, '2,000 d ago'],
    [-5 * 60 * S, 'in 5 min'],
    [-3 * 3600 * S, 'in 3 h'],
    [-2 * 86400 * S, 'in 2 d'],
  ])('%d ms before now → %s', (ago, expected) => {
    expect(formatRelativeTime(NOW - ago, NOW)).toBe(expected);
  });

  it('non-finite or overflowing input → ?', () => {
    expect(formatRelativeTime(Number.NaN, NOW)).toBe('?');
    expect(formatRelativeTime(NOW, Number.POSITIVE_INFINITY)).toBe('?');
    expect(formatRelativeTime(-Number.MAX_VALUE, Number.MAX_VALUE)).toBe('?');
  });
});

describe('formatTimeLeft', () => {
  it.each([
    [0, 'ended'],
    [-1, 'ended'],
    [Number.NEGATIVE_INFINITY, 'ended'],
    [0.2, '0:01'],
    [7, '0:07'],
    [59, '0:59'],
    [60, '1:00'],
    [249, '4:09'],
    [3599, '59:59'],
    [3600, '1h 00m'],
    [3900, '1h 05m'],
    [86399, '23h 59m'],
    [86400, '1d 0h'],
    [2 * 86400 + 3 * 3600 + 1800, '2d 3h'],
    [1e15, '11,574,074,074d 1h'],
  ])('%d s → %s', (s, expected) => {
    expect(formatTimeLeft(s)).toBe(expected);
  });

  it('NaN and +Infinity → ?', () => {
    expect(formatTimeLeft(Number.NaN)).toBe('?');
    expect(formatTimeLeft(Number.POSITIVE_INFINITY)).toBe('?');
  });
});

describe('itemName', () => {
  it.each([
    ['ENCHANTED_GOLDEN_APPLE', 'Enchanted Golden Apple'],
    ['DIAMOND', 'Diamond'],
    ['minecraft:diamond_sword', 'Diamond Sword'],
    ['MINECRAFT:NETHERITE_INGOT', 'Netherite Ingot'],
    ['HEART_OF_THE_SEA', 'Heart of the Sea'],
    ['_WEIRD__ID_', 'Weird Id'],
    ['  stone  ', 'Stone'],
    ['', ''],
    ['   ', ''],
    ['minecraft:', ''],
    ['<b>X</b>', '<b>x</b>'],
  ])('%j → %j', (material, expected) => {
    expect(itemName(material)).toBe(expected);
  });
});
