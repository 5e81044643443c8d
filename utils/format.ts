/**
 * Text for numbers, durations and item ids. Every function is total: whatever number it
 * gets (negative, fractional, NaN, ±Infinity, huge) it returns text without `NaN`,
 * `Infinity` or `undefined` in it. A value that cannot be shown comes out as `?`.
 * Numbers are grouped for the UI language (utils/i18n/ui-language.ts; `en` where no browser
 * answers, as in the demo server and the bench) unless a locale is passed; the words around
 * them come from the catalogue's `format` section (locales/).
 */

import { TICKS_PER_HOUR } from './api/vocabulary';
import { plural, t } from './i18n/translate';
import { uiLanguage } from './i18n/ui-language';

/** What every formatter shows for a value it cannot show (NaN, ±Infinity, out of range). */
export const FORMAT_UNKNOWN = '?';

/** Where a passed locale tag is not one Intl accepts. */
const FALLBACK_LOCALE = 'en';

const formatters = new Map<string, Intl.NumberFormat>();

/** A cached Intl.NumberFormat for `locale` (the UI language when undefined). */
function cachedFormat(
  locale: string | undefined,
  name: string,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const tag = locale ?? uiLanguage();
  const key = `${tag}|${name}`;
  const cached = formatters.get(key);
  if (cached) return cached;
  let formatter: Intl.NumberFormat;
  try {
    formatter = new Intl.NumberFormat(tag, options);
  } catch {
    // An invalid locale tag throws RangeError: fall back rather than throw.
    formatter = new Intl.NumberFormat(FALLBACK_LOCALE, options);
  }
  formatters.set(key, formatter);
  return formatter;
}

function numberFormat(
  locale: string | undefined,
  minFraction: number,
  maxFraction: number,
): Intl.NumberFormat {
  return cachedFormat(locale, `${minFraction}-${maxFraction}`, {
    minimumFractionDigits: minFraction,
    maximumFractionDigits: maxFraction,
    useGrouping: true,
  });
}

/** `n` rounded to `decimals` places is zero (so it must not print as `-0`). */
function roundsToZero(n: number, decimals: number): boolean {
  const scale = 10 ** decimals;
  return Math.round(Math.abs(n) * scale) === 0;
}

/** Grouped (`1,234,567`), with up to 2 decimals when not an integer. Non-finite → `?`. */
export function formatNumber(n: number, locale?: string): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return FORMAT_UNKNOWN;
  const value = roundsToZero(n, 2) ? 0 : n;
  return numberFormat(locale, 0, 2).format(value);
}

/** Whole-number grouping for internal use (`1,234`); the value is already an integer. */
function grouped(n: number): string {
  return numberFormat(undefined, 0, 0).format(n);
}

const COMPACT_UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e15, 'Q'],
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** Beyond `999Q` the badge scale ends. */
const COMPACT_LIMIT = 1e18;

/**
 * Badge text, at most 4 characters for 0 ≤ n < 1e18 (5 with a leading `-` for negatives):
 * `0`, `999`, `1k`, `1.2k`, `9.9k`, `12k`, `999k`, `1M` … `999T`, `1Q` … `999Q`.
 * Values are truncated, never rounded up, so 9,999 → `9.9k` and 999,999 → `999k`; a
 * whole first decimal is dropped (`1k`, not `1.0k`). Fractions below 1,000 are truncated
 * too (`999.9` → `999`). Non-finite values and magnitudes of 1e18 or more → `?`.
 */
export function formatCompact(n: number): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return FORMAT_UNKNOWN;
  const magnitude = Math.abs(n);
  if (magnitude >= COMPACT_LIMIT) return FORMAT_UNKNOWN;
  const body = compactMagnitude(magnitude);
  return n < 0 && body !== '0' ? `-${body}` : body;
}

function compactMagnitude(v: number): string {
  for (const [unit, suffix] of COMPACT_UNITS) {
    if (v < unit) continue;
    // Integer arithmetic on tenths of the unit: unit / 10 is an exact power of ten.
    const tenths = Math.floor(v / (unit / 10));
    if (tenths < 100) {
      const whole = Math.floor(tenths / 10);
      const decimal = tenths % 10;
      return decimal === 0 ? `${whole}${suffix}` : `${whole}.${decimal}${suffix}`;
    }
    return `${Math.min(999, Math.floor(v / unit))}${suffix}`;
  }
  return String(Math.min(999, Math.floor(v)));
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

/**
 * Playtime from game ticks (72,000 per hour): `3.5 h` below 10 h (one decimal, truncated),
 * `1,234 h` from 10 h, and `1,234 h (51 days)` from 48 h. Under 0.1 h, 0 and negatives → `0 h`;
 * non-finite → `?`.
 */
export function formatPlaytime(ticks: number): string {
  if (typeof ticks !== 'number' || !Number.isFinite(ticks)) return FORMAT_UNKNOWN;
  const tenths = ticks > 0 ? Math.floor(ticks / (TICKS_PER_HOUR / 10)) : 0;
  if (tenths === 0) return t('format.hours', { hours: grouped(0) });
  if (tenths < 100) return t('format.hours', { hours: numberFormat(undefined, 1, 1).format(tenths / 10) });
  const hours = Math.floor(ticks / TICKS_PER_HOUR);
  const text = t('format.hours', { hours: grouped(hours) });
  if (hours < 48) return text;
  return plural('format.hoursAndDays', Math.floor(hours / 24), { hours: text });
}

/**
 * Kill/death ratio with two decimals (`1.50`, grouped when large: `1,234.00`). No deaths →
 * the kills themselves (`12.00`); 0/0 → `0.00`. Negative or non-finite counts count as 0;
 * a ratio too large to be finite → `?`.
 */
export function formatKd(kills: number, deaths: number): string {
  const k = typeof kills === 'number' && Number.isFinite(kills) && kills > 0 ? kills : 0;
  const d = typeof deaths === 'number' && Number.isFinite(deaths) && deaths > 0 ? deaths : 0;
  const kd = d === 0 ? k : k / d;
  if (!Number.isFinite(kd)) return FORMAT_UNKNOWN;
  return numberFormat(undefined, 2, 2).format(kd);
}

/** Epoch values below this (in magnitude) are read as seconds; the rest as milliseconds. */
export const EPOCH_SECONDS_LIMIT = 1e11;

/**
 * docs/api-spec.md §2.2 leaves the unit of `*_epoch` open: a value below 1e11 (year 5138 in seconds,
 * 1973 in milliseconds) is taken as seconds and multiplied by 1000; anything else is
 * already milliseconds. Non-finite → 0.
 */
export function epochToMs(value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.abs(value) < EPOCH_SECONDS_LIMIT ? Math.round(value * 1000) : value;
}

/** Closer than this (either way) is `just now`. */
export const JUST_NOW_SECONDS = 45;

/**
 * `just now` within 45 s either way, then `5 min ago`, `3 h ago`, `2 d ago`, or for the
 * future `in 5 min`, `in 3 h`, `in 2 d`. Units are truncated (89 s → `1 min ago`).
 * Non-finite input → `?`.
 */
export function formatRelativeTime(epochMs: number, nowMs: number): string {
  if (typeof epochMs !== 'number' || typeof nowMs !== 'number') return FORMAT_UNKNOWN;
  const diff = nowMs - epochMs;
  if (!Number.isFinite(diff)) return FORMAT_UNKNOWN;
  const seconds = Math.abs(diff) / 1000;
  if (seconds < JUST_NOW_SECONDS) return t('format.justNow');
  const past = diff > 0;
  if (seconds < HOUR) {
    return plural(past ? 'format.minutesAgo' : 'format.inMinutes', Math.max(1, Math.floor(seconds / MINUTE)));
  }
  if (seconds < DAY) return plural(past ? 'format.hoursAgo' : 'format.inHours', Math.floor(seconds / HOUR));
  return plural(past ? 'format.daysAgo' : 'format.inDays', Math.floor(seconds / DAY));
}

/**
 * A countdown: `2d 3h` from a day, `1h 05m` from an hour, then `4:09`, `0:07`; `ended` at 0
 * or below. The catalogue writes the unit words (`2 Tg. 3 Std.` in German), so both forms read
 * alike in every language; Intl's narrow units do not (`2 T` but `3h`). Partial seconds round up
 * (0.5 s left → `0:01`). NaN and +Infinity → `?`.
 */
export function formatTimeLeft(seconds: number): string {
  if (typeof seconds !== 'number' || Number.isNaN(seconds) || seconds === Number.POSITIVE_INFINITY) {
    return FORMAT_UNKNOWN;
  }
  if (!(seconds > 0)) return t('format.ended');
  const total = Math.ceil(seconds);
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  const secs = total % MINUTE;
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return t('format.daysHours', { days: grouped(days), hours: grouped(hours) });
  if (hours > 0) return t('format.hoursMinutes', { hours: grouped(hours), minutes: twoDigits(minutes) });
  return `${minutes}:${twoDigits(secs)}`;
}

/** Joining words kept lower-case inside a name, as the game writes them (`Heart of the Sea`). */
const MINOR_WORDS = new Set(['a', 'an', 'and', 'of', 'on', 'the', 'with']);

/**
 * A game item id as a readable name: `ENCHANTED_GOLDEN_APPLE` → `Enchanted Golden Apple`,
 * `minecraft:heart_of_the_sea` → `Heart of the Sea`. Empty or blank input → ``.
 */
export function itemName(material: string): string {
  if (typeof material !== 'string') return '';
  const id = material.trim().replace(/^minecraft:/i, '');
  return id
    .split(/[_\s]+/)
    .filter((word) => word !== '')
    .map((word, index) => {
      const lower = word.toLowerCase();
      if (index > 0 && MINOR_WORDS.has(lower)) return lower;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}
