// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { informedBadgeErrors } from '@/bench/figures/informed-badge';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2025, 0, 15);

/** 1,000 players, one step of 100 at each hour's 30th minute: the count moves 6 times in 6 hours. */
const steps = (at: number) => 1000 + 100 * Math.floor((at - T0 + 30 * MINUTE) / HOUR);

describe("the badge's informed bound", () => {
  it('reads each move in the minute it happens: off by the move for that one minute only, at 8 reads an hour', () => {
    const errors = informedBadgeErrors(steps, T0, T0 + 6 * HOUR, 8 * 6);
    expect(errors).toHaveLength(6 * 60);
    // 6 minutes off (the minute of each step, shown from the next), every other minute exact.
    expect(errors.filter((error) => error > 0)).toHaveLength(6);
  });

  it('given fewer reads than the 10-minute ceiling asks, it takes the ceiling: each move shown within 10 minutes', () => {
    const errors = informedBadgeErrors(steps, T0, T0 + 6 * HOUR, 6);
    expect(errors.filter((error) => error > 0).length).toBeGreaterThan(6);
    expect(errors.filter((error) => error > 0).length).toBeLessThanOrEqual(6 * 10);
  });

  it('more reads never make its error worse, on a wiggling count', () => {
    const wiggle = (at: number) => Math.round(1200 + 25 * Math.sin((2 * Math.PI * (at - T0)) / (7 * MINUTE)));
    const p95 = (reads: number) => {
      const errors = [...informedBadgeErrors(wiggle, T0, T0 + 6 * HOUR, reads)].sort((a, b) => a - b);
      return errors[Math.floor(0.95 * errors.length)] as number;
    };
    expect(p95(6 * 40)).toBeLessThanOrEqual(p95(6 * 20));
    expect(p95(6 * 20)).toBeLessThanOrEqual(p95(6 * 10));
    expect(p95(6 * 20)).toBeLessThan(p95(6 * 6));
  });
});
