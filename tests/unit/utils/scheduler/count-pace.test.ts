// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OnlineCountRow } from '@/utils/history/history-rows';
import {
  COUNT_READ_MAX_MS,
  COUNT_READ_MIN_MS,
  CountModelSchema,
  countModel,
  moveThreshold,
  nextCountReadAt,
} from '@/utils/scheduler/count-pace';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const START = Date.UTC(2026, 10, 2);

/** A count with a daily cycle (`amplitude` around `base`, peak at 18:00 UTC), read every `everyMin`. */
function dailyRows(
  days: number,
  everyMin: number,
  base: number,
  amplitude: number,
  jitter = () => 0,
): OnlineCountRow[] {
  const rows: OnlineCountRow[] = [];
  for (let time = START; time < START + days * DAY; time += everyMin * MINUTE) {
    const phase = ((time % DAY) / DAY - 0.75) * 2 * Math.PI;
    rows.push({ time, count: Math.max(0, Math.round(base + amplitude * Math.cos(phase) + jitter())) });
  }
  return rows;
}

const rowArb = fc.record(
  {
    time: fc.integer({ min: START - 30 * DAY, max: START + 30 * DAY }),
    count: fc.double({ min: 0, max: 1e6, noNaN: true }),
    samples: fc.integer({ min: 1, max: 60 }),
  },
  { requiredKeys: ['time', 'count'] },
);

describe('nextCountReadAt', () => {
  it('reads at least every 10 minutes and at most once a minute, whatever the history and the reading', () => {
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 200 }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.integer({ min: START - DAY, max: START + 40 * DAY }),
        fc.integer({ min: 0, max: 24 * 3600 * 1000 }),
        (rows, count, at, fixedMs) => {
          const next = nextCountReadAt(countModel(rows, at), { count, at }, fixedMs);
          expect(next - at).toBeGreaterThanOrEqual(COUNT_READ_MIN_MS);
          expect(next - at).toBeLessThanOrEqual(COUNT_READ_MAX_MS);
        },
      ),
    );
  });

  it('falls back to fixed pacing, within the same bounds, for a corrupted or missing model', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constant(undefined),
          fc.constant(null),
          fc.anything(),
          fc.record({
            hourMeans: fc.array(fc.double()),
            noisePerSqrtMinute: fc.double(),
            recentSlopePerMinute: fc.double(),
          }),
        ),
        fc.integer({ min: 0, max: 24 * 3600 * 1000 }),
        (model, fixedMs) => {
          fc.pre(!CountModelSchema.safeParse(model).success);
          const next = nextCountReadAt(model, { count: 500, at: START }, fixedMs);
          expect(next).toBe(START + Math.min(COUNT_READ_MAX_MS, Math.max(COUNT_READ_MIN_MS, fixedMs)));
        },
      ),
    );
    expect(nextCountReadAt({ hourMeans: 'broken' }, { count: 500, at: START }, 3 * MINUTE)).toBe(
      START + 3 * MINUTE,
    );
    expect(nextCountReadAt(undefined, { count: 500, at: START }, 30_000)).toBe(START + COUNT_READ_MIN_MS);
    expect(nextCountReadAt(null, { count: 500, at: START }, DAY)).toBe(START + COUNT_READ_MAX_MS);
    // A few readings (a new install) say nothing of the noise: the fixed pace until they do.
    const few = dailyRows(1, 2, 1000, 0).slice(0, 10);
    expect(nextCountReadAt(countModel(few, START), { count: 1000, at: START + DAY }, 2 * MINUTE)).toBe(
      START + DAY + 2 * MINUTE,
    );
    // Nothing recorded yet is no model either.
    expect(nextCountReadAt(countModel([], START), { count: 500, at: START }, 2 * MINUTE)).toBe(
      START + 2 * MINUTE,
    );
  });

  it('waits the full 10 minutes for a flat, quiet count', () => {
    const rows = dailyRows(14, 2, 1000, 0);
    const at = START + 14 * DAY;
    expect(nextCountReadAt(countModel(rows, at), { count: 1000, at }, MINUTE)).toBe(at + COUNT_READ_MAX_MS);
  });

  it('reads sooner when the day moves the count fast (the evening climb) than at its flat peak', () => {
    const rows = dailyRows(14, 5, 2000, 1500);
    const day15 = START + 14 * DAY;
    const climbing = day15 + 12 * 3600_000; // 12:00 UTC, half-way up to the 18:00 peak
    const peak = day15 + 18 * 3600_000;
    const model = (at: number) => countModel(rows, at);
    const climbNext = nextCountReadAt(model(climbing), { count: 2000, at: climbing }, MINUTE) - climbing;
    const peakNext = nextCountReadAt(model(peak), { count: 3500, at: peak }, MINUTE) - peak;
    expect(climbNext).toBeLessThan(peakNext);
    // 1500·π/720 ≈ 6.5 players a minute against a threshold of 40: about 6 minutes.
    expect(climbNext).toBeLessThanOrEqual(7 * MINUTE);
  });

  it('reads sooner when the readings are noisy', () => {
    let seed = 7;
    const noise = () => {
      seed = (seed * 16807) % 2147483647;
      return (seed / 2147483647 - 0.5) * 60;
    };
    const at = START + 14 * DAY;
    const quiet = nextCountReadAt(countModel(dailyRows(14, 2, 1000, 0), at), { count: 1000, at }, MINUTE);
    const noisy = nextCountReadAt(
      countModel(dailyRows(14, 2, 1000, 0, noise), at),
      { count: 1000, at },
      MINUTE,
    );
    expect(noisy).toBeLessThan(quiet);
  });
});

describe('moveThreshold', () => {
  it('is 2 % of the count, or 10 players when that is more', () => {
    expect(moveThreshold(100)).toBe(10);
    expect(moveThreshold(5000)).toBe(100);
  });
});
