// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { median, percentile, round } from '@/bench/lib/stats';

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([9, 2, 7, 4, 1])).toBe(4);
  });

  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('is NaN for no values', () => {
    expect(median([])).toBeNaN();
  });

  it('does not reorder the caller’s array', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('percentile', () => {
  it('interpolates between the closest ranks', () => {
    expect(percentile([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([10, 20], 95)).toBeCloseTo(19.5);
  });

  it('is the minimum at 0 and the maximum at 100 (and clamps beyond)', () => {
    expect(percentile([7, 3, 9], 0)).toBe(3);
    expect(percentile([7, 3, 9], 100)).toBe(9);
    expect(percentile([7, 3, 9], 150)).toBe(9);
  });

  it('is NaN for no values', () => {
    expect(percentile([], 95)).toBeNaN();
  });
});

describe('round', () => {
  it('rounds to the given decimals', () => {
    expect(round(1.2345)).toBe(1.2);
    expect(round(1.2345, 2)).toBe(1.23);
    expect(round(17.5, 0)).toBe(18);
  });
});
