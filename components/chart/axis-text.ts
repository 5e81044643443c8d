import { DAY_MS } from '../../utils/history/history-limits';

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

/** The most decimals a short form keeps ("1.125M"); trailing zeros are dropped. */
const MAX_COMPACT_DECIMALS = 3;

/**
 * Values on the y axis, short as the UI language writes them ("2M", "2 Mio.", "1,5"): a
 * fixed-width axis cut "2,000,000" to "0,000". In full where two neighbouring ticks would
 * read the same.
 */
export function numberAxisValues(locale: string) {
  const compact = new Intl.NumberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: MAX_COMPACT_DECIMALS,
  });
  const full = new Intl.NumberFormat(locale, { maximumFractionDigits: MAX_COMPACT_DECIMALS });
  return (_chart: unknown, splits: number[]): string[] => {
    const labels = splits.map((value) => compact.format(value));
    const apart = labels.every(
      (label, i) => i === 0 || label !== labels[i - 1] || splits[i] === splits[i - 1],
    );
    return apart ? labels : splits.map((value) => full.format(value));
  };
}

/**
 * Tick steps for counts (players online, kills): whole numbers only, so no axis reads
 * "75.5" players. 1, 2, 5, 10, 20, 50 … up to 5e15.
 */
export const WHOLE_INCREMENTS: readonly number[] = Array.from({ length: 16 }, (_, power) =>
  [1, 2, 5].map((step) => step * 10 ** power),
).flat();

/** Between a y label and the plot: uPlot's tick (10 px) and gap (5 px), and a little air. */
const AXIS_LABEL_ROOM = 18;
/** The x axis's height: uPlot's tick (10 px) and gap (5 px), a 12 px label's line, a little air. */
export const X_AXIS_SIZE = 32;
/**
 * The least room between two y ticks (uPlot's default is 30 px): in a 120 px chart that left
 * one labelled tick on a climbing line; 24 px keeps two or three, a 12 px label apart.
 */
export const Y_TICK_SPACE = 24;
/** An axis never narrower than uPlot's default. */
export const MIN_AXIS_SIZE = 40;

/** The y axis's width for labels this wide (px): the widest fits, so none is clipped. */
export function axisSize(labelWidths: readonly number[]): number {
  return Math.max(MIN_AXIS_SIZE, Math.ceil(Math.max(0, ...labelWidths)) + AXIS_LABEL_ROOM);
}

/** The time under the crosshair ("15 Jan, 14:05"), in the UI language. */
export function cursorTimeFormat(locale: string): (ms: number) => string {
  const dateTime = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (ms) => dateTime.format(ms);
}
