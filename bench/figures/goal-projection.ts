/**
 * The goal projection (utils/goals/projection.ts) over 90 days of one player's snapshots, one
 * every 5 minutes (25,920 points: more than a player checked at the whole background budget
 * keeps, as snapshots are written only on a change), against a baseline of the same run: a
 * native sort of the same values (a copy of a Float64Array), steady where a JavaScript loop's
 * time depends on when the engine optimises it. Measured in Node: the card runs the same pure
 * function. The ratio is the gate; the time is reported.
 */
import { projectGoal, type ValueAt } from '../../utils/goals/projection';
import { DAY_MS, MINUTE_MS } from '../../utils/history/history-limits';
import type { Measured } from '../lib/figures';
import { median, round } from '../lib/stats';

export const GOAL_PROJECTION_DAYS = 90;
const EVERY_MS = 5 * MINUTE_MS;
/** Calls per timed sample: one call is under a millisecond, below the timer's steadiness. */
const CALLS = 20;
const WARM_UP_CALLS = 200;
/**
 * Three passes over the points (sums, slope, residuals) against one native sort: 0.4 to 2 times
 * it measured on the shared 2-core machine (bench/README.md); 3 leaves room for that noise only.
 */
export const GOAL_PROJECTION_RATIO = 3;

function points(): ValueAt[] {
  const start = 1_790_000_000_000;
  const count = (GOAL_PROJECTION_DAYS * DAY_MS) / EVERY_MS;
  // A steady climb with a deterministic wobble, so the range is not empty.
  return Array.from({ length: count }, (_, i) => ({
    time: start + i * EVERY_MS,
    value: 1_000_000 + i * 37 + ((i * 7919) % 101),
  }));
}

/** ms per call of `task`, over CALLS calls. */
function sample(task: () => unknown): number {
  const started = performance.now();
  for (let i = 0; i < CALLS; i += 1) task();
  return (performance.now() - started) / CALLS;
}

/**
 * Median ms per call of the baseline and of the task, their samples interleaved (a busy moment
 * of the machine falls on both), after a warm-up: a first, interpreted call is not what the card
 * meets on its second.
 */
function timedPair(baseline: () => unknown, task: () => unknown, runs: number): [number, number] {
  for (let i = 0; i < WARM_UP_CALLS; i += 1) {
    baseline();
    task();
  }
  const baselines: number[] = [];
  const tasks: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    baselines.push(sample(baseline));
    tasks.push(sample(task));
  }
  return [median(baselines), median(tasks)];
}

export function measureGoalProjection(runs: number): Measured {
  const data = points();
  const last = data.at(-1)?.value ?? 0;
  let sink = 0;
  const values = Float64Array.from(data, (point) => point.value).reverse();
  const [baseline, value] = timedPair(
    () => {
      sink += values.slice().sort()[0] ?? 0;
    },
    () => projectGoal(data, last * 2, last),
    runs,
  );
  const result = projectGoal(data, last * 2, last);
  // Read, so the baseline's loop is not optimised away.
  if (!Number.isFinite(sink)) throw new Error('the baseline overflowed');
  return {
    id: 'goal-projection',
    label: `Goal projection, ${GOAL_PROJECTION_DAYS} days of snapshots (${data.length.toLocaleString('en-US')} points)`,
    unit: 'ms',
    value: round(value, 3),
    baseline: round(baseline, 3),
    baselineLabel: 'sorting the same values (native typed-array sort)',
    ratio: round(value / baseline, 2),
    budget: { op: '<=', limit: GOAL_PROJECTION_RATIO, on: 'ratio' },
    note: `median of ${runs} samples of ${CALLS} calls each; the fit says ${result.kind}`,
  };
}
