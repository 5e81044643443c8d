import { z } from 'zod/mini';
import { MINUTE_MS } from '../history/history-limits';
import type { OnlineCountRow } from '../history/history-rows';
import { HOUR_MS } from '../limits';
import { fitWiggle, WiggleSchema, wiggleMove } from './wiggle';

/**
 * When the badge's count is worth reading again (issue 37, "Automatic"): from the recorded
 * online-count history, the shape of a day by hour (UTC), the recent slope and the reading's
 * noise, predict how far the count has moved since it was last read; read when that passes
 * max(COUNT_MOVE_SHARE of the count, COUNT_MOVE_PLAYERS), never sooner than COUNT_READ_MIN_MS
 * after the last reading and always by COUNT_READ_MAX_MS. Pure: the predictor only decides
 * WHEN to read; the badge shows only what was read (poller.ts).
 */

export const COUNT_READ_MIN_MS = 60_000;
export const COUNT_READ_MAX_MS = 10 * 60_000;
/** A move of 2 % of the count, or 10 players if more, is worth a request. */
export const COUNT_MOVE_SHARE = 0.02;
export const COUNT_MOVE_PLAYERS = 10;
/**
 * Until this many pairs of close readings were recorded (about 20 min at the fixed pace), the
 * noise is unknown and a single reading predicts no move at all: the fixed pace meanwhile.
 */
export const MIN_MODEL_PAIRS = 20;
/** How much of the reading-to-reading noise counts as a move: about one standard deviation. */
const NOISE_WEIGHT = 1;
/** The recent slope is taken from readings at most this far back. */
export const RECENT_SLOPE_MS = 30 * 60_000;
/** Consecutive readings further apart than this say nothing of the noise. */
const NOISE_PAIR_MAX_MS = 15 * 60_000;
/** The predicted move is checked on this step between the floor and the ceiling. */
const STEP_MS = 15_000;

/**
 * What the history teaches: per hour of the day (UTC) the mean count (null: never seen), the
 * noise as the typical |change| per √minute between close readings, and the recent slope in
 * players per minute. Parsed at every use: a corrupted model is no model (fixed pacing).
 */
export const CountModelSchema = z.object({
  hourMeans: z.array(z.nullable(z.number().check(z.nonnegative()))).check(z.length(24)),
  noisePerSqrtMinute: z.number().check(z.nonnegative()),
  /** The pairs of close readings the noise was measured on. */
  pairs: z.int().check(z.nonnegative()),
  recentSlopePerMinute: z.nullable(z.number()),
  /** A regular wiggle the readings follow (wiggle.ts), absent when none explains them. */
  wiggle: z.optional(WiggleSchema),
});
export type CountModel = z.infer<typeof CountModelSchema>;

export interface CountReading {
  count: number;
  at: number;
}

const finite = (value: number) => Number.isFinite(value);

/** Recorded counts are kept this far back for the day's shape (two weeks: 14 samples of each hour). */
export const COUNT_MODEL_SPAN_MS = 14 * 24 * HOUR_MS;
/** The day's shape and the noise change slowly: the poller rebuilds them at most this often. */
export const COUNT_MODEL_REFRESH_MS = HOUR_MS;

/** The model from the long history (`shape`), with the recent slope taken from `recent` rows. */
export function withRecentSlope(
  shape: CountModel,
  recent: readonly OnlineCountRow[],
  now: number,
): CountModel {
  const { recentSlopePerMinute } = countModel(recent, now, false);
  // The wiggle's period from the long history, its phase and size from the last readings.
  const { wiggle: found, ...rest } = shape;
  const oldestFirst = [...recent].sort((a, b) => a.time - b.time);
  const wiggle = found === undefined ? undefined : fitWiggle(oldestFirst, now, NOISE_PAIR_MAX_MS, found);
  return { ...rest, recentSlopePerMinute, ...(wiggle === undefined ? {} : { wiggle }) };
}

/** The model from history rows (any order; downsampled rows give the shape, not the noise). */
export function countModel(rows: readonly OnlineCountRow[], now: number, withWiggle = true): CountModel {
  const sums = new Array<number>(24).fill(0);
  const weights = new Array<number>(24).fill(0);
  const sorted = rows.filter((row) => finite(row.time) && finite(row.count)).sort((a, b) => a.time - b.time);
  for (const row of sorted) {
    const hour = utcHour(row.time);
    const weight = row.samples ?? 1;
    sums[hour] = (sums[hour] as number) + row.count * weight;
    weights[hour] = (weights[hour] as number) + weight;
  }
  const steps = new Float64Array(Math.max(0, sorted.length - 1));
  let pairs = 0;
  for (let i = 1; i < sorted.length; i += 1) {
    const before = sorted[i - 1] as OnlineCountRow;
    const after = sorted[i] as OnlineCountRow;
    const gap = after.time - before.time;
    if (before.samples !== undefined || after.samples !== undefined || gap <= 0 || gap > NOISE_PAIR_MAX_MS)
      continue;
    steps[pairs++] = Math.abs(after.count - before.count) / Math.sqrt(gap / MINUTE_MS);
  }
  // A typed array sorts numbers natively: the model is rebuilt from two weeks of readings.
  const measured = steps.subarray(0, pairs).sort();
  const recent = sorted.filter(
    (row) => row.samples === undefined && row.time >= now - RECENT_SLOPE_MS && row.time <= now,
  );
  const first = recent[0];
  const last = recent.at(-1);
  const recentSlopePerMinute =
    first !== undefined && last !== undefined && last.time > first.time
      ? (last.count - first.count) / ((last.time - first.time) / MINUTE_MS)
      : null;
  const wiggle = withWiggle ? fitWiggle(sorted, now, NOISE_PAIR_MAX_MS) : undefined;
  return {
    ...(wiggle === undefined ? {} : { wiggle }),
    hourMeans: sums.map((sum, hour) =>
      (weights[hour] as number) > 0 ? sum / (weights[hour] as number) : null,
    ),
    // The median |change| is 0.67 σ of a normal step: × 1.5 gives σ, what a reading is likely off by.
    noisePerSqrtMinute: pairs === 0 ? 0 : (measured[Math.floor(pairs / 2)] as number) * 1.5,
    pairs,
    recentSlopePerMinute,
  };
}

/** The hour of the day (UTC) at `time` (ms epoch), without a Date per row. */
const utcHour = (time: number) => ((Math.floor(time / HOUR_MS) % 24) + 24) % 24;

/** The daily shape's slope at `time` (players per minute), from the neighbouring hours' means. */
function shapeSlope(hourMeans: readonly (number | null)[], time: number): number | null {
  const hour = utcHour(time);
  const before = hourMeans[(hour + 23) % 24];
  const after = hourMeans[(hour + 1) % 24];
  if (before == null || after == null) return null;
  return (after - before) / ((2 * HOUR_MS) / MINUTE_MS);
}

/** The move worth a request for a count of `count`. */
export function moveThreshold(count: number): number {
  return Math.max(COUNT_MOVE_SHARE * Math.max(0, count), COUNT_MOVE_PLAYERS);
}

/**
 * How far the count has likely moved `elapsedMs` after `last` was read: the slope (the day's
 * shape and the recent readings, averaged when both are known) times the time, plus the noise
 * grown as √time.
 */
export function predictedMove(model: CountModel, last: CountReading, elapsedMs: number): number {
  const minutes = Math.max(0, elapsedMs) / MINUTE_MS;
  const slopes = [shapeSlope(model.hourMeans, last.at + elapsedMs / 2), model.recentSlopePerMinute].filter(
    (slope): slope is number => slope !== null && finite(slope),
  );
  const slope = slopes.length === 0 ? 0 : slopes.reduce((sum, s) => sum + s, 0) / slopes.length;
  const { wiggle } = model;
  // A known wiggle moves the count by a known amount: the noise is what it leaves unexplained.
  if (wiggle !== undefined)
    return (
      Math.abs(slope * minutes + wiggleMove(wiggle, last.at, last.at + Math.max(0, elapsedMs))) +
      NOISE_WEIGHT * wiggle.noisePerSqrtMinute * Math.sqrt(minutes)
    );
  return Math.abs(slope) * minutes + NOISE_WEIGHT * model.noisePerSqrtMinute * Math.sqrt(minutes);
}

/** The model when it parses and has measured the noise; undefined: pace at the fixed interval. */
export function usableModel(model: unknown): CountModel | undefined {
  const parsed = CountModelSchema.safeParse(model);
  return parsed.success && parsed.data.pairs >= MIN_MODEL_PAIRS ? parsed.data : undefined;
}

/**
 * When to read the count next. A model that does not parse (or an unusable reading) is fixed
 * pacing: `fixedMs` after the reading, within the same floor and ceiling. Never before
 * COUNT_READ_MIN_MS after the reading, always by COUNT_READ_MAX_MS after it.
 */
export function nextCountReadAt(model: unknown, last: CountReading, fixedMs: number): number {
  const at = finite(last.at) ? last.at : 0;
  const clamp = (delay: number) =>
    at + Math.min(COUNT_READ_MAX_MS, Math.max(COUNT_READ_MIN_MS, finite(delay) ? delay : COUNT_READ_MIN_MS));
  const usable = usableModel(model);
  // No model, a corrupted one, or one too young to know the noise: the fixed pace.
  if (usable === undefined || !finite(last.count)) return clamp(fixedMs);
  const threshold = moveThreshold(last.count);
  for (let delay = COUNT_READ_MIN_MS; delay < COUNT_READ_MAX_MS; delay += STEP_MS) {
    if (predictedMove(usable, { count: last.count, at }, delay) >= threshold) return clamp(delay);
  }
  return clamp(COUNT_READ_MAX_MS);
}
