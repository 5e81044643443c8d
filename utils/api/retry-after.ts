/**
 * The `Retry-After` header (RFC 9110 §10.2.3) → whole seconds to wait. Both forms are read:
 * delta-seconds and an HTTP date. Anything unreadable falls back to 60 seconds (docs/api-spec.md §7).
 */

export const DEFAULT_RETRY_AFTER_SECONDS = 60;
export const MAX_RETRY_AFTER_SECONDS = 24 * 60 * 60;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY = '(?:mon|tue|wed|thu|fri|sat|sun)';
const LONG_DAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';

/** `Sun, 06 Nov 1994 08:49:37 GMT` (the preferred form). */
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`, 'i');
/** `Sunday, 06-Nov-94 08:49:37 GMT` (obsolete, two-digit year). */
const RFC_850_DATE = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`, 'i');
/** `Sun Nov  6 08:49:37 1994` (obsolete, C asctime). */
const ASCTIME_DATE = new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`, 'i');

type DateParts = { day: string; month: string; year: string; hour: string; minute: string; second: string };

function matchHttpDate(text: string): DateParts | undefined {
  const imf = IMF_FIXDATE.exec(text);
  if (imf) {
    const [, day = '', month = '', year = '', hour = '', minute = '', second = ''] = imf;
    return { day, month, year, hour, minute, second };
  }
  const rfc850 = RFC_850_DATE.exec(text);
  if (rfc850) {
    const [, day = '', month = '', year = '', hour = '', minute = '', second = ''] = rfc850;
    // RFC 9110: a two-digit year more than 50 years in the future is in the past century.
    return { day, month, year: Number(year) >= 70 ? `19${year}` : `20${year}`, hour, minute, second };
  }
  const asctime = ASCTIME_DATE.exec(text);
  if (asctime) {
    const [, month = '', day = '', hour = '', minute = '', second = '', year = ''] = asctime;
    return { day: day.trim(), month, year, hour, minute, second };
  }
  return undefined;
}

/** An HTTP date → epoch milliseconds, or undefined when it is not one (or names no real time). */
export function parseHttpDate(text: string): number | undefined {
  const parts = matchHttpDate(text.trim());
  if (parts === undefined) return undefined;
  const month = MONTHS.indexOf(parts.month.toLowerCase());
  const day = Number(parts.day);
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  if (day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return undefined;
  // Not Date.UTC: it maps the years 0-99 to 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(Number(parts.year), month, day);
  date.setUTCHours(hour, minute, Math.min(second, 59), 0);
  // The date rolls 31 Feb over into March: refuse dates that do not exist.
  return date.getUTCDate() === day ? date.getTime() : undefined;
}

const clamp = (seconds: number): number =>
  Number.isNaN(seconds)
    ? DEFAULT_RETRY_AFTER_SECONDS
    : Math.min(Math.max(seconds, 1), MAX_RETRY_AFTER_SECONDS);

/**
 * Seconds to wait before asking again: at least 1, at most 24 hours.
 * `'30'` → 30, `'1.2'` → 2, a date 90.5 s ahead → 91, a past date → 1,
 * absent, empty, negative or unreadable → 60.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number {
  const text = value?.trim() ?? '';
  if (text === '') return DEFAULT_RETRY_AFTER_SECONDS;
  if (/^\d+(?:\.\d+)?$/.test(text)) return clamp(Math.ceil(Number(text)));
  const dateMs = parseHttpDate(text);
  if (dateMs === undefined) return DEFAULT_RETRY_AFTER_SECONDS;
  return clamp(Math.ceil((dateMs - nowMs) / 1000));
}
