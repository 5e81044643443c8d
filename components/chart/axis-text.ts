import { DAY_MS } from '../../utils/history/limits';

/**
 * The ticks of a chart's axes in the UI language (uPlot's own are English month names and a
 * 12-hour clock): times of day, and the day itself at midnight or when ticks are days apart.
 */
export function timeAxisValues(locale: string) {
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
  const startsDay = (ms: number) => {
    const date = new Date(ms);
    return date.getHours() === 0 && date.getMinutes() === 0;
  };
  return (_chart: unknown, splits: number[], _axis: number, _space: number, increment: number): string[] =>
    splits.map((ms) => (increment >= DAY_MS || startsDay(ms) ? day : time).format(ms));
}

/** Values on the y axis, grouped as the UI language groups numbers. */
export function numberAxisValues(locale: string) {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return (_chart: unknown, splits: number[]): string[] => splits.map((value) => numbers.format(value));
}

/** The legend's time for the point under the cursor ("15 Jan, 14:05"), '' when there is none. */
export function legendTimeValue(locale: string) {
  const dateTime = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (_chart: unknown, ms: number | null): string => (ms === null ? '' : dateTime.format(ms));
}
