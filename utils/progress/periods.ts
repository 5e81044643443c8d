/**
 * Where "today" and "this week" start, in local time, with the user's reset hour (Options).
 * Built from calendar fields (`new Date(y, m, d, hour)`), never by subtracting 24 h: a day
 * across a DST change is 23 or 25 h long, and the reset hour stays the same wall-clock hour.
 * A week starts on Monday (ISO 8601) in every locale: Firefox has no `Intl.Locale` week info,
 * and one rule keeps a week the same in both browsers.
 */

export type Period = 'day' | 'week';

/** Hours a reset may be set to: 0 (midnight, the default) to 23. */
export const RESET_HOURS = Array.from({ length: 24 }, (_, hour) => hour);
export const DEFAULT_RESET_HOUR = 0;
/** `Date.getDay()` of the week's first day: Monday. */
export const WEEK_START_DAY = 1;

/**
 * The local time at `hour` on the calendar day `dayOffset` days from `date`'s. An hour that does
 * not exist that day (skipped by a DST change) is the first one after it, as Date places it.
 */
function atHour(date: Date, dayOffset: number, hour: number): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + dayOffset, hour).getTime();
}

/** The start of the day holding `now`: the last reset hour at or before it. */
export function dayStart(now: number, resetHour: number): number {
  const date = new Date(now);
  const today = atHour(date, 0, resetHour);
  return today <= now ? today : atHour(date, -1, resetHour);
}

/** The start of the week holding `now`: the reset hour of the last Monday on or before its day. */
export function weekStart(now: number, resetHour: number): number {
  const day = new Date(dayStart(now, resetHour));
  const back = (day.getDay() - WEEK_START_DAY + 7) % 7;
  return atHour(day, -back, resetHour);
}

export function periodStart(period: Period, now: number, resetHour: number): number {
  return period === 'day' ? dayStart(now, resetHour) : weekStart(now, resetHour);
}
