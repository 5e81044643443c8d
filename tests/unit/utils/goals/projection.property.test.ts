// The goal projection (utils/goals/projection.ts): a least-squares line through the recorded
// values, its date where it meets the target and a range from the slope's standard error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MIN_PROJECTION_POINTS,
  MIN_PROJECTION_SPAN_MS,
  type Projection,
  projectGoal,
  type ValueAt,
} from '@/utils/goals/projection';
import { DAY_MS } from '@/utils/history/history-limits';

const T0 = 1_790_000_000_000;

/** Sorted, distinct times over at least two days (the first at T0). */
const times = fc
  .uniqueArray(fc.integer({ min: 1, max: 90 * 24 }), { minLength: MIN_PROJECTION_POINTS - 1, maxLength: 60 })
  .filter((hours) => Math.max(...hours) * 3_600_000 >= MIN_PROJECTION_SPAN_MS)
  .map((hours) => [T0, ...hours.sort((a, b) => a - b).map((hour) => T0 + hour * 3_600_000)]);

const projected = (projection: Projection) => {
  if (projection.kind !== 'projected') throw new Error(`expected a date, got ${projection.kind}`);
  return projection;
};

describe('projectGoal', () => {
  it('is exact on a straight line: the date where it meets the target, with no range', () => {
    fc.assert(
      fc.property(
        times,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (at, start, perDay, ahead) => {
          const points = at.map((time) => ({ time, value: start + (perDay * (time - T0)) / DAY_MS }));
          const current = points.at(-1)?.value ?? start;
          const target = current + ahead;
          const result = projected(projectGoal(points, target, current));
          const exact = T0 + ((target - start) / perDay) * DAY_MS;
          // Within a second of the exact date.
          expect(Math.abs(result.at - exact)).toBeLessThan(1000);
          expect(Math.abs(result.earliest - result.at)).toBeLessThan(1000);
          expect(Math.abs(result.latest - result.at)).toBeLessThan(1000);
          expect(result.perDay).toBeCloseTo(perDay, 6);
        },
      ),
    );
  });

  it('says "not moving" on a flat line, and on a falling one', () => {
    fc.assert(
      fc.property(
        times,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        (at, value, fall) => {
          const flat = at.map((time) => ({ time, value }));
          expect(projectGoal(flat, value + 1, value).kind).toBe('not-moving');
          const falling = at.map((time) => ({ time, value: value - (fall * (time - T0)) / DAY_MS }));
          expect(projectGoal(falling, value + 1, falling.at(-1)?.value ?? value).kind).toBe('not-moving');
        },
      ),
    );
  });

  it('gives a range that widens with noise, and holds the date inside it', () => {
    fc.assert(
      fc.property(
        times.filter((at) => at.length >= 4),
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 90, maxLength: 90 }),
        fc.integer({ min: 100, max: 10_000 }),
        (at, raw, perDay) => {
          // Noise with no mean and no trend of its own, so the fitted line stays the same and
          // only its scatter grows with the scale.
          const n = at.length;
          const noise = raw.slice(0, n);
          const meanTime = at.reduce((sum, time) => sum + time, 0) / n;
          const x = at.map((time) => (time - meanTime) / DAY_MS);
          const meanNoise = noise.reduce((sum, e) => sum + e, 0) / n;
          const centred = noise.map((e) => e - meanNoise);
          const beta =
            centred.reduce((sum, e, i) => sum + e * (x[i] ?? 0), 0) / x.reduce((sum, v) => sum + v * v, 0);
          const pure = centred.map((e, i) => e - beta * (x[i] ?? 0));
          fc.pre(pure.some((e) => Math.abs(e) > 1e-3));
          const line = (time: number) => 1000 + (perDay * (time - T0)) / DAY_MS;
          const withNoise = (scale: number): ValueAt[] =>
            at.map((time, i) => ({ time, value: line(time) + scale * (pure[i] ?? 0) }));
          const target = line(at.at(-1) ?? T0) + 30 * perDay;
          const widths = [0.001, 0.01, 0.05].map((share) => {
            const result = projectGoal(withNoise(share * perDay), target, line(at.at(-1) ?? T0));
            if (result.kind !== 'projected') return Number.POSITIVE_INFINITY;
            expect(result.earliest).toBeLessThanOrEqual(result.at);
            expect(result.latest).toBeGreaterThanOrEqual(result.at);
            return result.latest - result.earliest;
          });
          expect(widths[0]).toBeGreaterThan(0);
          expect(widths[1]).toBeGreaterThan(widths[0] ?? 0);
          expect(widths[2]).toBeGreaterThan(widths[1] ?? 0);
        },
      ),
    );
  });

  it('says what is missing when there are too few points or too little time', () => {
    const day = (d: number, value: number) => ({ time: T0 + d * DAY_MS, value });
    expect(projectGoal([day(0, 1), day(3, 5)], 100, 5)).toEqual({
      kind: 'not-enough',
      morePoints: 1,
      moreTimeMs: 0,
    });
    expect(projectGoal([day(0, 1), day(0.5, 2), day(1, 3)], 100, 3)).toEqual({
      kind: 'not-enough',
      morePoints: 0,
      moreTimeMs: DAY_MS,
    });
    expect(projectGoal([], 100, 0)).toEqual({ kind: 'not-enough', morePoints: 3, moreTimeMs: 2 * DAY_MS });
  });

  it('a target already met is reached, whatever the points', () => {
    expect(projectGoal([], 100, 100)).toEqual({ kind: 'reached' });
  });
});
