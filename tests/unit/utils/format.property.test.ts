// Property tests for utils/format.ts.
// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EPOCH_SECONDS_LIMIT,
  epochToMs,
  FORMAT_UNKNOWN,
  formatCompact,
  formatKd,
  formatNumber,
  formatPlaytime,
  formatRelativeTime,
  formatTimeLeft,
  itemName,
} from '@/utils/format';
import { LOCALES, speak } from '../../fixtures/catalogues';

/** Every kind of double: -0, NaN, ±Infinity, subnormals, huge, tiny, integers. */
const anyDouble = fc.oneof(
  { weight: 4, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ min: -1e-300, max: 1e-300 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      0,
      -0,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.MIN_VALUE,
      -Number.MIN_VALUE,
      2.2250738585072014e-308,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
      Number.MAX_SAFE_INTEGER,
      Number.EPSILON,
      0.5,
      -0.5,
      0.005,
      -0.004,
      1e18,
      -1e18,
      999_999.9999,
    ),
  },
);

const BAD_WORDS = /NaN|Infinity|undefined|null/;

function expectShowable(text: string): void {
  expect(typeof text).toBe('string');
  expect(text.length).toBeGreaterThan(0);
  expect(text).not.toMatch(BAD_WORDS);
}

/** `1.2k` → 1200: the number a compact badge text stands for. */
function compactValue(text: string): number {
  const match = /^(-?)(\d+(?:\.\d)?)([kMBTQ]?)$/.exec(text);
  if (!match) throw new Error(`not compact: ${text}`);
  const scale = { '': 1, k: 1e3, M: 1e6, B: 1e9, T: 1e12, Q: 1e15 }[
    match[3] as '' | 'k' | 'M' | 'B' | 'T' | 'Q'
  ];
  return (match[1] === '-' ? -1 : 1) * Number(match[2]) * scale;
}

describe('totality: every formatter gives non-empty text without NaN/Infinity/undefined', () => {
  it('for any double (one-argument formatters)', () => {
    fc.assert(
      fc.property(anyDouble, (n) => {
        for (const format of [formatNumber, formatCompact, formatPlaytime, formatTimeLeft]) {
          expectShowable(format(n));
        }
        expect(Number.isFinite(epochToMs(n))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('for any pair of doubles (formatKd, formatRelativeTime)', () => {
    fc.assert(
      fc.property(anyDouble, anyDouble, (a, b) => {
        expectShowable(formatKd(a, b));
        expectShowable(formatRelativeTime(a, b));
      }),
      { numRuns: 1000 },
    );
  });

  it('formatNumber never throws for any locale string, and never prints -0', () => {
    fc.assert(
      fc.property(
        anyDouble,
        fc.oneof(fc.string(), fc.constantFrom('de-DE', 'ar-EG', 'hi-IN-u-nu-deva', 'x', '')),
        (n, locale) => {
          expectShowable(formatNumber(n, locale));
          expect(formatNumber(n)).not.toMatch(/^-0(\.0*)?$/);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('totality in every language', () => {
  /** A catalogue key or a `{placeholder}` left in the text: the catalogue failed the formatter. */
  const LEAK = /\{\w+\}|format\.|\.other\b/;

  it.each(LOCALES)('%s: words from the catalogue, never a key, a placeholder or NaN', async (locale) => {
    await speak(locale);
    fc.assert(
      fc.property(anyDouble, anyDouble, (a, b) => {
        for (const text of [
          formatPlaytime(a),
          formatTimeLeft(a),
          formatRelativeTime(a, b),
          formatNumber(a),
        ]) {
          expectShowable(text);
          expect(text).not.toMatch(LEAK);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('formatCompact: properties', () => {
  it('is at most 4 characters for every n in [0, 1e15] (and in [0, 1e18)), 5 with a minus sign', () => {
    const upTo = (max: number) =>
      fc.oneof(fc.double({ min: 0, max, noNaN: true }), fc.integer({ min: 0, max: 1e7 }));
    fc.assert(
      fc.property(fc.oneof(upTo(1e15), upTo(1e18 - 2 ** 7)), (n) => {
        expect(formatCompact(n).length).toBeLessThanOrEqual(4);
        expect(formatCompact(-n).length).toBeLessThanOrEqual(5);
      }),
      { numRuns: 2000 },
    );
    for (const n of [999, 999.9, 9_999, 99_999, 999_999, 999_999_999, 1e15, 1e15 - 1, 1e18 - 2 ** 7]) {
      expect(formatCompact(n).length).toBeLessThanOrEqual(4);
    }
  });

  it('never rounds up and stays within 10 % (or 1) below the value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ min: 0, max: 1e18 - 2 ** 7, noNaN: true }), fc.nat()), (n) => {
        const shown = compactValue(formatCompact(n));
        expect(shown).toBeLessThanOrEqual(n * (1 + 1e-12));
        expect(n).toBeLessThan(Math.max(shown * 1.1, shown + 1) * (1 + 1e-12));
      }),
      { numRuns: 1000 },
    );
  });

  it('is the unknown marker for non-finite values and magnitudes of 1e18 or more, and symmetric otherwise', () => {
    fc.assert(
      fc.property(anyDouble, (n) => {
        const text = formatCompact(n);
        if (!Number.isFinite(n) || Math.abs(n) >= 1e18) expect(text).toBe(FORMAT_UNKNOWN);
        else if (text !== '0')
          expect(formatCompact(-n)).toBe(text.startsWith('-') ? text.slice(1) : `-${text}`);
      }),
      { numRuns: 500 },
    );
  });
});

describe('formatNumber: properties', () => {
  it('reads back as the value rounded to 2 decimals (en-US grouping)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (n) => {
        const text = formatNumber(n);
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d{1,2})?$/);
        expect(Math.abs(Number(text.replaceAll(',', '')) - n)).toBeLessThanOrEqual(
          0.005 + Math.abs(n) * 1e-15,
        );
      }),
      { numRuns: 1000 },
    );
  });
});

describe('formatKd: properties', () => {
  it('is a grouped two-decimal number close to kills / deaths, or the unknown marker', () => {
    fc.assert(
      fc.property(anyDouble, anyDouble, (kills, deaths) => {
        const text = formatKd(kills, deaths);
        if (text === FORMAT_UNKNOWN) return;
        expect(text).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), (kills, deaths) => {
        const shown = Number(formatKd(kills, deaths).replaceAll(',', ''));
        expect(Math.abs(shown - kills / deaths)).toBeLessThanOrEqual(0.005 + (kills / deaths) * 1e-15);
        expect(formatKd(kills, 0)).toBe(formatKd(kills, 1));
      }),
      { numRuns: 500 },
    );
  });
});

describe('formatPlaytime: properties', () => {
  it('has one of the documented shapes and never over-states the hours', () => {
    fc.assert(
      fc.property(anyDouble, (ticks) => {
        const text = formatPlaytime(ticks);
        expect(text).toMatch(/^(\d\.\d h|0 h|\d{1,3}(,\d{3})* h( \(\d{1,3}(,\d{3})* days\))?|\?)$/);
        if (text === FORMAT_UNKNOWN || !Number.isFinite(ticks)) return;
        const hours = Number(text.split(' ')[0]?.replaceAll(',', ''));
        expect(hours).toBeLessThanOrEqual(Math.max(0, ticks / 72_000) * (1 + 1e-12));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('formatTimeLeft: properties', () => {
  it('has one of the documented shapes, and m:ss reads back as the seconds rounded up', () => {
    fc.assert(
      fc.property(anyDouble, (seconds) => {
        const text = formatTimeLeft(seconds);
        expect(text).toMatch(/^(\d{1,3}(,\d{3})*d \d{1,2}h|\d{1,2}h \d{2}m|\d{1,2}:\d{2}|ended|\?)$/);
        const clock = /^(\d+):(\d{2})$/.exec(text);
        if (clock) expect(Number(clock[1]) * 60 + Number(clock[2])).toBe(Math.ceil(seconds));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('formatRelativeTime: properties', () => {
  it('is just now, "in X" or "X ago", and mirrors around now', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }),
        fc.integer({ min: 0, max: 1e12 }),
        (nowMs, deltaMs) => {
          const past = formatRelativeTime(nowMs - deltaMs, nowMs);
          const future = formatRelativeTime(nowMs + deltaMs, nowMs);
          expect(past).toMatch(/^(just now|\d{1,3}(,\d{3})* (min|h|d) ago)$/);
          if (past === 'just now') expect(future).toBe('just now');
          else expect(future).toBe(`in ${past.slice(0, -' ago'.length)}`);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('epochToMs: properties', () => {
  it('multiplies plausible second epochs by 1000 (1970 to year 5138)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: EPOCH_SECONDS_LIMIT - 1 }), (seconds) => {
        expect(epochToMs(seconds)).toBe(seconds * 1000);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps plausible millisecond epochs (1973 onwards) as they are', () => {
    fc.assert(
      fc.property(fc.integer({ min: EPOCH_SECONDS_LIMIT, max: 8.64e15 }), (ms) => {
        expect(epochToMs(ms)).toBe(ms);
      }),
      { numRuns: 500 },
    );
  });
});

describe('itemName: properties', () => {
  const ID_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_ '.split('');
  const asciiId = fc
    .tuple(
      fc.constantFrom('', 'minecraft:', 'MINECRAFT:'),
      fc.string({ unit: fc.constantFrom(...ID_CHARS), maxLength: 30 }),
    )
    .map(([prefix, id]) => `${prefix}${id}`);
  const anyId = fc.oneof(
    asciiId,
    fc.string({ unit: 'binary' }),
    fc.constantFrom('_'.repeat(10_000), `${'a_'.repeat(5_000)}`, '\u202E\u200B'.repeat(5_000)),
  );

  it('never throws; words are separated by single spaces, with no _ or outer white space', () => {
    fc.assert(
      fc.property(anyId, (id) => {
        const name = itemName(id);
        expect(name).not.toMatch(/[_\s]{2}|_|^\s|\s$/);
        if (!/undefined|nan/i.test(id)) expect(name).not.toMatch(/undefined|nan/i);
      }),
      { numRuns: 500 },
    );
  });

  it('is empty exactly when the id (without its minecraft: prefix) is only _ and white space', () => {
    fc.assert(
      fc.property(anyId, (id) => {
        const bare = id.trim().replace(/^minecraft:/i, '');
        expect(itemName(id) === '').toBe(/^[_\s]*$/.test(bare));
      }),
      { numRuns: 500 },
    );
  });

  it('is idempotent on ASCII ids', () => {
    fc.assert(
      fc.property(asciiId, (id) => {
        expect(itemName(itemName(id))).toBe(itemName(id));
      }),
      { numRuns: 300 },
    );
  });
});
