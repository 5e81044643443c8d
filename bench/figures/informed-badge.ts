/**
 * The badge's informed bound (issue 37): a policy that KNOWS the true count minute by minute and,
 * with as many reads as Automatic took, places them where the shown count is most off: it reads
 * in minute m when |shown − true(m)| / true(m) has reached θ (or the last read is COUNT_READ_MAX_MS
 * old), θ the smallest (by bisection) that keeps to the read count. A read in minute m is shown
 * from minute m + 1 on, as count-pace-sim.ts's reads are measured (the badge is compared with the
 * true count at each minute's start). Not a scheduler the extension could run: a reference.
 *
 * And the frontier: for a split of the hour between the badge and the watchlist, what the two
 * informed policies reach together (informed-sim.ts for the watchlist on evenly spaced slots).
 */

import { DAY_MS, MINUTE_MS } from '../../utils/history/history-limits';
import { COUNT_READ_MAX_MS } from '../../utils/scheduler/count-pace';
import { HOUR_MS } from '../../utils/scheduler/scheduler-limits';
import { median, percentile, round } from '../lib/stats';
import { type Detection, detections, type SimPlayer } from './habits-sim';
import { replayInformed } from './informed-sim';

/** The errors (% of the true count, each minute of [from, to)) with threshold `theta` (%), and the reads it took. */
function thresholdRun(
  trueCount: (at: number) => number,
  from: number,
  to: number,
  theta: number,
): { errors: number[]; reads: number } {
  const errors: number[] = [];
  // Read once just before the window, as the measured runs have a count shown at its start.
  let shown = trueCount(from - MINUTE_MS);
  let readAt = from - MINUTE_MS;
  let reads = 0;
  for (let at = from; at < to; at += MINUTE_MS) {
    const truth = trueCount(at);
    const error = (100 * Math.abs(shown - truth)) / Math.max(1, truth);
    errors.push(error);
    if (error >= theta || at - readAt >= COUNT_READ_MAX_MS - MINUTE_MS / 2) {
      // Read in this minute: the count of this minute, shown from the next.
      shown = truth;
      readAt = at;
      reads += 1;
    }
  }
  return { errors, reads };
}

/**
 * The informed badge's error each minute of [from, to) with at most `reads` reads (at least one
 * every COUNT_READ_MAX_MS: fewer reads than that ceiling asks are not possible, so it takes those).
 */
export function informedBadgeErrors(
  trueCount: (at: number) => number,
  from: number,
  to: number,
  reads: number,
): number[] {
  let [low, high] = [0, 100];
  let best = thresholdRun(trueCount, from, to, high);
  // More reads as θ falls: the smallest θ whose reads fit (30 halvings: θ within 1e-7 %).
  for (let i = 0; i < 30; i += 1) {
    const mid = (low + high) / 2;
    const run = thresholdRun(trueCount, from, to, mid);
    if (run.reads <= reads) [high, best] = [mid, run];
    else low = mid;
  }
  return best.errors;
}

export interface FrontierPoint {
  badgePerHour: number;
  watchlistPerHour: number;
  /** The informed badge's error, 95th percentile (% of the count). */
  errorP95: number;
  /** The informed watchlist: online to seen median / p95 (min), sessions never seen (%). */
  median: number;
  p95: number;
  never: number;
}

/**
 * What the informed policies reach at each split of the budget: the badge `badgePerHour` reads, the
 * alert `alertPerHour` (as Automatic gave it), the watchlist the rest on evenly spaced slots.
 */
export function informedFrontier(input: {
  trueCount: (at: number) => number;
  lists: readonly (readonly SimPlayer[])[];
  /** When the synthetic players' days begin (their sessions' origin). */
  origin: number;
  from: number;
  to: number;
  budgetPerHour: number;
  alertPerHour: number;
  splits: readonly number[];
  informed: { onlineHold?: number; sinceWeight?: number };
}): FrontierPoint[] {
  const { trueCount, lists, origin, from, to } = input;
  const hours = (to - from) / HOUR_MS;
  return input.splits.map((badgePerHour) => {
    const errors = informedBadgeErrors(trueCount, from, to, Math.round(badgePerHour * hours));
    const watchlistPerHour = input.budgetPerHour - input.alertPerHour - badgePerHour;
    const every = HOUR_MS / watchlistPerHour;
    // From a day before the window, as the measured runs' informed bound starts.
    const start = from - DAY_MS;
    const slots: number[] = [];
    for (let at = start; at < to; at += every) slots.push(at);
    const found: Detection[] = lists.map((players) =>
      detections(players, replayInformed(players, slots, origin, start, input.informed), from, to),
    );
    const delays = found.flatMap((one) => one.delays);
    const sessions = found.reduce((sum, one) => sum + one.sessions, 0);
    const never = found.reduce((sum, one) => sum + one.neverSeen, 0);
    return {
      badgePerHour,
      watchlistPerHour: round(watchlistPerHour, 1),
      errorP95: round(percentile(errors, 95), 2),
      median: round(median(delays), 1),
      p95: round(percentile(delays, 95), 1),
      never: round((100 * never) / Math.max(1, sessions), 1),
    };
  });
}
