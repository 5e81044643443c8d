import { describe, expect, it } from 'vitest';
import { median } from '@/utils/history/median';

describe('median', () => {
  it('is null for no values', () => {
    expect(median([])).toBeNull();
  });

  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5);
  });

  it('is the mean of the middle two of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('sorts numbers as numbers and leaves the input alone', () => {
    const values = [10, 9, 100];
    expect(median(values)).toBe(10);
    expect(values).toEqual([10, 9, 100]);
  });
});
