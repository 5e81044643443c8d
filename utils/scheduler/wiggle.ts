import { z } from 'zod/mini';
import { MINUTE_MS } from '../history/history-limits';
import type { OnlineCountRow } from '../history/history-rows';
import { HOUR_MS } from '../limits';

/**
 * A regular wiggle in the online count (issue 37, the badge's pace): a count that rises and falls
 * every few minutes (the demo server's does, by ±25 every 7 min) moves by a predictable amount
 * between two readings, so the badge can read where the wiggle has moved it and wait where it has
 * not. Found as the sinusoid whose changes best explain the changes between close readings (the
 * level, the day's shape and a random walk cancel out of a change); kept only when it explains
 * most of them. Pure: count-pace.ts predicts with it, it never makes up a number to show.
 */

/** Periods searched (minutes): readings at most once a minute cannot tell a faster one. */
export const WIGGLE_MIN_PERIOD_MIN = 2;
export const WIGGLE_MAX_PERIOD_MIN = 30;
/** The period is searched on the readings of this span before now. */
export const WIGGLE_SPAN_MS = 3 * HOUR_MS;
/** A wiggle is kept only when it explains this share of the changes between close readings… */
export const WIGGLE_MIN_EXPLAINED = 0.5;
/** …found on at least this many pairs of close readings (the phase: on a few recent ones). */
export const WIGGLE_MIN_PAIRS = 30;
const REFIT_MIN_PAIRS = 6;
/** A unit wiggle must move, between the readings of a pair, by this much squared on average. */
const MIN_BASIS_MOVE = 0.25;

export const WiggleSchema = z.object({
  periodMinutes: z.number().check(z.positive()),
  /** The wiggle is sin × sin(2π t / period) + cos × cos(2π t / period), t in minutes since the epoch. */
  sin: z.number(),
  cos: z.number(),
  /** What it leaves unexplained, as the typical |change| per √minute (count-pace.ts's noise). */
  noisePerSqrtMinute: z.number().check(z.nonnegative()),
});
export type Wiggle = z.infer<typeof WiggleSchema>;

interface Pair {
  /** Minutes since the epoch. */
  from: number;
  to: number;
  change: number;
}

/** Consecutive raw readings of `rows` (oldest first) in [since, now], at most `maxGapMs` apart. */
function pairsOf(rows: readonly OnlineCountRow[], since: number, now: number, maxGapMs: number): Pair[] {
  const pairs: Pair[] = [];
  let before: OnlineCountRow | undefined;
  for (const row of rows) {
    if (row.time < since || row.time > now || row.samples !== undefined) continue;
    if (before !== undefined && row.time > before.time && row.time - before.time <= maxGapMs)
      pairs.push({
        from: before.time / MINUTE_MS,
        to: row.time / MINUTE_MS,
        change: row.count - before.count,
      });
    before = row;
  }
  return pairs;
}

/**
 * The least-squares sinusoid of `periodMinutes` on the pairs' changes, the share of their squares it
 * explains, and what it leaves per √minute (√(Σ rest² / Σ minutes apart): σ of a walk's step).
 */
function fitAt(pairs: readonly Pair[], periodMinutes: number): Wiggle & { explained: number } {
  const omega = (2 * Math.PI) / periodMinutes;
  let [uu, uv, vv, ud, vd, dd, minutes] = [0, 0, 0, 0, 0, 0, 0];
  // Consecutive pairs share a reading: its sine and cosine are taken once (the search's cost).
  let [at, sinAt, cosAt] = [Number.NaN, 0, 0];
  for (const { from, to, change } of pairs) {
    const [sinFrom, cosFrom] =
      from === at ? [sinAt, cosAt] : [Math.sin(omega * from), Math.cos(omega * from)];
    [at, sinAt, cosAt] = [to, Math.sin(omega * to), Math.cos(omega * to)];
    const u = sinAt - sinFrom;
    const v = cosAt - cosFrom;
    uu += u * u;
    uv += u * v;
    vv += v * v;
    ud += u * change;
    vd += v * change;
    dd += change * change;
    minutes += to - from;
  }
  const det = uu * vv - uv * uv;
  // Readings a whole period apart cannot see a wiggle of that period (readings every 3 min and a
  // 3-min wiggle): where it barely moves between them, no fit.
  const seen = det > 1e-9 * uu * vv && uu + vv >= MIN_BASIS_MOVE * pairs.length;
  const sin = seen ? (vv * ud - uv * vd) / det : 0;
  const cos = seen ? (uu * vd - uv * ud) / det : 0;
  const explained = sin * ud + cos * vd;
  return {
    periodMinutes,
    sin,
    cos,
    explained: dd > 0 ? explained / dd : 0,
    noisePerSqrtMinute: Math.sqrt(Math.max(0, dd - explained) / Math.max(1, minutes)),
  };
}

/** How far the wiggle moves the count from `fromMs` to `toMs`. */
export function wiggleMove(wiggle: Wiggle, fromMs: number, toMs: number): number {
  const omega = (2 * Math.PI) / wiggle.periodMinutes;
  const [from, to] = [fromMs / MINUTE_MS, toMs / MINUTE_MS];
  const move =
    wiggle.sin * (Math.sin(omega * to) - Math.sin(omega * from)) +
    wiggle.cos * (Math.cos(omega * to) - Math.cos(omega * from));
  return Number.isFinite(move) ? move : 0;
}

/**
 * The wiggle the readings of the last WIGGLE_SPAN_MS follow (`rows` oldest first; pairs at most
 * `maxGapMs` apart), or undefined when none explains WIGGLE_MIN_EXPLAINED of their changes. Given
 * a `known` one, only its phase and size from `rows` (the last readings), its period and noise
 * kept: a wiggle they no longer follow is gone (undefined); too few of them, it is kept.
 */
export function fitWiggle(
  rows: readonly OnlineCountRow[],
  now: number,
  maxGapMs: number,
  known?: Wiggle,
): Wiggle | undefined {
  const pairs = pairsOf(rows, known ? Number.NEGATIVE_INFINITY : now - WIGGLE_SPAN_MS, now, maxGapMs);
  if (pairs.length < (known ? REFIT_MIN_PAIRS : WIGGLE_MIN_PAIRS)) return known;
  let best = known ? fitAt(pairs, known.periodMinutes) : undefined;
  const span = (pairs.at(-1) as Pair).to - (pairs[0] as Pair).from;
  // A step of P² / (4 × span) keeps the phase within π/2 over the span: no peak falls between steps.
  for (
    let period = WIGGLE_MIN_PERIOD_MIN;
    !known && period <= WIGGLE_MAX_PERIOD_MIN;
    period += (period * period) / (4 * span)
  ) {
    const fit = fitAt(pairs, period);
    if (best === undefined || fit.explained > best.explained) best = fit;
  }
  if (best === undefined || best.explained < WIGGLE_MIN_EXPLAINED) return undefined;
  const { periodMinutes, sin, cos } = best;
  return {
    periodMinutes,
    sin,
    cos,
    noisePerSqrtMinute: known?.noisePerSqrtMinute ?? best.noisePerSqrtMinute,
  };
}
