import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../utils/history/history-limits';
import type { YScale } from './chart-series';
import { yTicks } from './y-range';

/**
 * Which ticks an axis labels, chosen for the room it has (issue 35): never two labels closer
 * than LABEL_GAP, never one label twice, numbers in full unless the full form does not fit.
 * Pure: given the axis length, the range, the scale, the locale and a text-width function
 * (the canvas's measureText in the browser, the font's width table in unit tests), so the
 * rules are unit-tested at every size and language (tests/unit/components/chart/ticks.test.ts)
 * and every chart drawn through TimeChart uses them (draw-chart.ts).
 */

/** The axes' font size (px); one source with AXIS_FONT. */
export const AXIS_FONT_SIZE = 12;
/**
 * The axes' font. The unit tests' width table (tests/unit/components/chart/axis-font-widths.json,
 * made by scripts/chart-font/widths.ts) is measured in it; a test fails when they differ.
 */
export const AXIS_FONT = `${AXIS_FONT_SIZE}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
/** The least room between two labels of one axis, px: across on the x axis, up on the y axis. */
export const LABEL_GAP = 8;
/** The height a y label takes (its line box): ticks closer than this plus the gap would touch. */
export const LABEL_LINE = AXIS_FONT_SIZE + 2;
/** The least distance between two labelled y ticks. */
export const Y_TICK_DISTANCE = LABEL_LINE + LABEL_GAP;
/** The widest a y label may be before numbers go short, as a share of the chart's width. */
export const Y_LABEL_MAX_SHARE = 0.15;
/** Short forms keep this many significant digits first ("12.3K"), more only to stay distinct. */
const COMPACT_DIGITS = [3, 4, 5, 6] as const;
/** The most decimals a full number keeps ("0.125"). */
const MAX_DECIMALS = 3;

/** A label's width in px, in AXIS_FONT. */
export type TextWidth = (text: string) => number;

export interface Ticks {
  values: number[];
  labels: string[];
}

const EMPTY: Ticks = { values: [], labels: [] };

function distinct(labels: readonly string[]): boolean {
  return new Set(labels).size === labels.length;
}

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, compactDigits: number | null): Intl.NumberFormat {
  const key = `${locale}|${compactDigits}`;
  let format = formats.get(key);
  if (!format) {
    format =
      compactDigits === null
        ? new Intl.NumberFormat(locale, { maximumFractionDigits: MAX_DECIMALS })
        : new Intl.NumberFormat(locale, { notation: 'compact', maximumSignificantDigits: compactDigits });
    formats.set(key, format);
  }
  return format;
}

/**
 * The y labels for these ticks: in full ("12,345", "12.345") when every one fits in `maxWidth`
 * and they differ; otherwise short ("12.3K", "12,3 Mil") with the fewest digits that keep them
 * apart and fitting; in full again if no short form tells them apart.
 */
export function numberLabels(
  values: readonly number[],
  locale: string,
  measure: TextWidth,
  maxWidth: number,
): string[] {
  const fits = (labels: readonly string[]) => labels.every((label) => measure(label) <= maxWidth);
  const full = values.map((value) => numberFormat(locale, null).format(value));
  if (distinct(full) && fits(full)) return full;
  let fallback: string[] | null = null;
  for (const digits of COMPACT_DIGITS) {
    const short = values.map((value) => numberFormat(locale, digits).format(value));
    if (!distinct(short)) continue;
    if (fits(short)) return short;
    fallback ??= short;
  }
  return fallback ?? full;
}

/** Steps of 1, 2 and 5 times a power of ten, from 1e-6 to 5e15. */
const LINEAR_INCREMENTS: readonly number[] = Array.from({ length: 22 }, (_, i) =>
  [1, 2, 5].map((step) => Number((step * 10 ** (i - 6)).toPrecision(1))),
).flat();

/** The most steps a tick may lie from 0, well inside a double's exact integers. */
const MAX_STEPS_FROM_ZERO = 1e12;

/** Whole steps only (counts: no axis reads "75.5" players): 1, 2, 5, 10 … 5e15. */
export const WHOLE_INCREMENTS: readonly number[] = LINEAR_INCREMENTS.filter((step) => step >= 1);

/** Room above and below a log axis's points, as a share of their spread in decades. */
const LOG_HEADROOM = 0.08;
/** A flat series on a log axis sits in the middle of a range this factor below and above it. */
const LOG_FLAT_FACTOR = 2;

/**
 * The span of a log y axis for points from `min` to `max` (all above 0): their own spread with a
 * little headroom, a flat series in the middle. uPlot's own snapped a flat 1,000 to whole
 * decades and ticked it "1000 / 0 / 0 / 0 / 0".
 */
export function logRange(min: number, max: number): [number, number] {
  if (!(min > 0) || !Number.isFinite(max) || min > max) return [1, 10];
  if (min === max) return [min / LOG_FLAT_FACTOR, min * LOG_FLAT_FACTOR];
  const pad = (Math.log10(max) - Math.log10(min)) * LOG_HEADROOM;
  return [10 ** (Math.log10(min) - pad), 10 ** (Math.log10(max) + pad)];
}

/** 1, 2 and 5 in each decade; then 1 in each; then 1 in every 2nd, 3rd, 5th or 10th decade. */
function logCandidates(low: number, high: number): number[][] {
  const first = Math.floor(Math.log10(low));
  const last = Math.ceil(Math.log10(high));
  const within = (value: number) => value >= low * (1 - 1e-9) && value <= high * (1 + 1e-9);
  const decades = (stride: number, mantissas: readonly number[]) => {
    const values: number[] = [];
    for (let power = first; power <= last; power++)
      if (power % stride === 0)
        for (const m of mantissas) values.push(Number((m * 10 ** power).toPrecision(12)));
    return values.filter(within);
  };
  return [decades(1, [1, 2, 5]), ...[1, 2, 3, 5, 10].map((stride) => decades(stride, [1]))];
}

export interface YAxisInput {
  /** The plot's height, px. */
  length: number;
  /** The scale's range (yRange or logRange). */
  min: number;
  max: number;
  /** The value of a flat series (its one tick), null otherwise. */
  flat: number | null;
  scale: YScale;
  locale: string;
  measure: TextWidth;
  /** The widest a label may be before numbers go short (Y_LABEL_MAX_SHARE of the chart). */
  maxLabelWidth: number;
}

/**
 * The y ticks: the densest nice steps whose labels are at least Y_TICK_DISTANCE apart and all
 * different; a flat series its one value; on a log scale 1-2-5 or powers of ten, or nice
 * steps inside one decade.
 */
export function yAxisTicks(input: YAxisInput): Ticks {
  const { length, min, max, flat, scale, locale, measure, maxLabelWidth } = input;
  const label = (values: readonly number[]) => numberLabels(values, locale, measure, maxLabelWidth);
  if (flat !== null && Number.isFinite(flat)) return { values: [flat], labels: label([flat]) };
  if (!(length > 0) || !Number.isFinite(min) || !Number.isFinite(max)) return EMPTY;
  // A range rounded to nothing (a log range of 1e12 ± 0.001): its one value.
  if (!(max > min)) return { values: [min], labels: label([min]) };
  const log = scale === 'log' && min > 0;
  const position = log
    ? (v: number) => ((Math.log10(v) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))) * length
    : (v: number) => ((v - min) / (max - min)) * length;
  // Counts step by whole numbers; fractions only where no whole number lies in the range.
  const steps =
    scale === 'count'
      ? [...WHOLE_INCREMENTS, ...LINEAR_INCREMENTS.filter((step) => step < 1)]
      : LINEAR_INCREMENTS;
  // Steps that would put more ticks than fit are never made (a 1e-6 step over a billion), nor
  // steps too fine for a double at this size (1e12 + 1e-6 is 1e12: the count would never end).
  const most = length / Y_TICK_DISTANCE + 1;
  // yTicks's tolerance is a share of the step: a step far above the range would keep a 0 below it.
  const hair = (max - min) * 1e-9;
  const inside = (value: number) => value >= min - hair && value <= max + hair;
  const magnitude = Math.max(Math.abs(min), Math.abs(max));
  const linear = () =>
    steps
      .filter((step) => (max - min) / step <= most && magnitude / step < MAX_STEPS_FROM_ZERO)
      .map((step) => yTicks(min, max, step, null).filter(inside));
  const candidates = log ? [...logCandidates(min, max), ...linear()] : linear();
  let single: Ticks | null = null;
  for (const values of candidates) {
    if (values.length === 0) continue;
    if (!apart(values.map(position), Y_TICK_DISTANCE)) continue;
    const labels = label(values);
    if (!distinct(labels)) continue;
    if (values.length >= 2) return { values, labels };
    single ??= { values, labels };
  }
  // No nice step fits (a range finer than a double tells apart): its middle, labelled.
  const middle = min + (max - min) / 2;
  return single ?? { values: [middle], labels: label([middle]) };
}

/** Each position at least `distance` from the previous one. */
function apart(positions: readonly number[], distance: number): boolean {
  return positions.every((p, i) => i === 0 || Math.abs(p - (positions[i - 1] as number)) >= distance);
}

/** Steps of the time axis: minutes, hours (local clock), days (local midnights). */
const TIME_INCREMENTS: readonly number[] = [
  ...[1, 2, 5, 10, 15, 30].map((n) => n * MINUTE_MS),
  ...[1, 2, 3, 4, 6, 12].map((n) => n * HOUR_MS),
  ...[1, 2, 3, 7, 14, 28].map((n) => n * DAY_MS),
];

function startsDay(ms: number): boolean {
  const date = new Date(ms);
  return date.getHours() === 0 && date.getMinutes() === 0;
}

const timeFormats = new Map<string, { time: Intl.DateTimeFormat; day: Intl.DateTimeFormat }>();

function timeFormat(locale: string) {
  let format = timeFormats.get(locale);
  if (!format) {
    format = {
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
      day: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }),
    };
    timeFormats.set(locale, format);
  }
  return format;
}

/** The x labels in the UI language: the time of day, the day itself at midnight. */
export function timeLabels(splits: readonly number[], locale: string): string[] {
  const { time, day } = timeFormat(locale);
  return splits.map((ms) => (startsDay(ms) ? day : time).format(ms));
}

/**
 * The widest time and day labels the locale writes (a 12-hour clock's "10:00 PM" is wider than
 * "22:00"; "28 sept." than "1 mai"): the spacing each step needs, before any tick is made.
 */
export function widestTimeLabels(locale: string, measure: TextWidth): { time: number; day: number } {
  const { time, day } = timeFormat(locale);
  let timeWidth = 0;
  let dayWidth = 0;
  for (let hour = 0; hour < 24; hour++)
    timeWidth = Math.max(timeWidth, measure(time.format(new Date(2026, 0, 5, hour, 30))));
  for (let month = 0; month < 12; month++)
    dayWidth = Math.max(dayWidth, measure(day.format(new Date(2026, month, 28))));
  return { time: timeWidth, day: dayWidth };
}

/** Local times from `from` to `to` that a step of `increment` ticks at. */
function timeSplits(from: number, to: number, increment: number): number[] {
  const splits: number[] = [];
  if (increment >= DAY_MS) {
    const days = Math.round(increment / DAY_MS);
    const date = new Date(from);
    date.setHours(0, 0, 0, 0);
    if (date.getTime() < from) date.setDate(date.getDate() + 1);
    for (; date.getTime() <= to; date.setDate(date.getDate() + days)) splits.push(date.getTime());
    return splits;
  }
  // Aligned on the local clock (hours divisible by the step), so a DST change keeps "03:00".
  const minutes = increment / MINUTE_MS;
  const base = Math.min(increment, HOUR_MS);
  for (let ms = Math.ceil(from / base) * base; ms <= to; ms += base) {
    const date = new Date(ms);
    const ofDay = date.getHours() * 60 + date.getMinutes();
    if (ofDay % minutes === 0) splits.push(ms);
  }
  return splits;
}

export interface XAxisInput {
  /** The plot's width, px (the chart's width less the y axis). */
  length: number;
  from: number;
  to: number;
  locale: string;
  measure: TextWidth;
  /** Room left of the plot (the y axis), px: the first label may reach into it, no further. */
  leftRoom?: number;
}

/**
 * The x ticks: the shortest step whose ticks leave room for the locale's widest label plus
 * LABEL_GAP, whose labels then measured one by one are LABEL_GAP apart, all different, and
 * inside the chart (a label that would be cut at either edge is left out).
 */
export function xAxisTicks(input: XAxisInput): Ticks {
  const { length, from, to, locale, measure, leftRoom = 0 } = input;
  if (!(length > 0) || !Number.isFinite(from) || !Number.isFinite(to) || !(to > from)) return EMPTY;
  const widest = widestTimeLabels(locale, measure);
  const position = (ms: number) => ((ms - from) / (to - from)) * length;
  let single: Ticks | null = null;
  for (const increment of TIME_INCREMENTS) {
    const needed = (increment >= DAY_MS ? widest.day : Math.max(widest.time, widest.day)) + LABEL_GAP;
    if ((increment / (to - from)) * length < needed) continue;
    const all = timeSplits(from, to, increment);
    const inside = all.filter((ms) => {
      const half = measure(timeLabels([ms], locale)[0] ?? '') / 2;
      return position(ms) - half >= -leftRoom && position(ms) + half <= length;
    });
    const labels = timeLabels(inside, locale);
    if (inside.length === 0 || !distinct(labels)) continue;
    const fits = inside.every((ms, i) => {
      if (i === 0) return true;
      const before = inside[i - 1] as number;
      const room = position(ms) - position(before);
      return room >= (measure(labels[i - 1] ?? '') + measure(labels[i] ?? '')) / 2 + LABEL_GAP;
    });
    if (!fits) continue;
    if (inside.length >= 2) return { values: inside, labels };
    single ??= { values: inside, labels };
  }
  return single ?? EMPTY;
}
