// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { backoffMs } from '@/utils/scheduler/backoff';
import { MAX_BACKOFF_MS } from '@/utils/scheduler/scheduler-limits';

describe('backoffMs', () => {
  it('doubles the interval per failure after the first, up to 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 30].map((failures) => backoffMs(60_000, failures))).toEqual([
      60_000,
      120_000,
      240_000,
      MAX_BACKOFF_MS,
      MAX_BACKOFF_MS,
      MAX_BACKOFF_MS,
    ]);
  });

  it('never goes below the interval, even when that is longer than the cap', () => {
    expect(backoffMs(600_000, 1)).toBe(600_000);
    expect(backoffMs(600_000, 4)).toBe(600_000);
  });

  it('does not overflow for a huge failure count', () => {
    expect(backoffMs(60_000, 1_000)).toBe(MAX_BACKOFF_MS);
  });
});
