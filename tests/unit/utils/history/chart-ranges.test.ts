import { describe, expect, it } from 'vitest';
import { CHART_RANGE_NAMES, CHART_RANGES, chartRange } from '@/utils/history/chart-ranges';

describe('chart ranges', () => {
  it('offers 24 hours, 7 days and 30 days, in that order', () => {
    expect(CHART_RANGE_NAMES).toEqual(['24h', '7d', '30d']);
    expect(CHART_RANGES['24h'].ms).toBe(86_400_000);
    expect(CHART_RANGES['7d'].ms).toBe(7 * 86_400_000);
    expect(CHART_RANGES['30d'].ms).toBe(30 * 86_400_000);
  });

  it('ends a range at now', () => {
    expect(chartRange('7d', 1_000_000_000_000)).toEqual({
      from: 1_000_000_000_000 - 7 * 86_400_000,
      to: 1_000_000_000_000,
    });
  });
});
