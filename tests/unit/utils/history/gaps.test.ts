import { describe, expect, it } from 'vitest';
import { findGaps, GAP_FACTOR, isGap } from '@/utils/history/gaps';

const MINUTE = 60_000;

describe('isGap', () => {
  it('is a gap only past GAP_FACTOR intervals', () => {
    expect(isGap(GAP_FACTOR * MINUTE, MINUTE)).toBe(false);
    expect(isGap(GAP_FACTOR * MINUTE + 1, MINUTE)).toBe(true);
  });
});

describe('findGaps', () => {
  it('finds nothing in a regular series, or in fewer than two points', () => {
    expect(findGaps([0, MINUTE, 2 * MINUTE, 3 * MINUTE], MINUTE)).toEqual([]);
    expect(findGaps([5], MINUTE)).toEqual([]);
    expect(findGaps([], MINUTE)).toEqual([]);
  });

  it('tolerates a late poll', () => {
    expect(findGaps([0, MINUTE, 2.5 * MINUTE, 3.5 * MINUTE], MINUTE)).toEqual([]);
  });

  it('reports each gap by the points on either side', () => {
    const times = [0, MINUTE, 60 * MINUTE, 61 * MINUTE, 200 * MINUTE];
    expect(findGaps(times, MINUTE)).toEqual([
      { from: MINUTE, to: 60 * MINUTE },
      { from: 61 * MINUTE, to: 200 * MINUTE },
    ]);
  });

  it('reads typed arrays (uPlot times) too', () => {
    expect(findGaps(new Float64Array([0, 10 * MINUTE]), MINUTE)).toEqual([{ from: 0, to: 10 * MINUTE }]);
  });
});
