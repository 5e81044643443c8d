import { describe, expect, it } from 'vitest';
import {
  axisSize,
  cursorTimeFormat,
  MIN_AXIS_SIZE,
  numberAxisValues,
  timeAxisValues,
  WHOLE_INCREMENTS,
} from '@/components/chart/axis-text';
import { DAY_MS, HOUR_MS } from '@/utils/history/history-limits';

const noon = new Date(2025, 0, 15, 12, 0).getTime();
const midnight = new Date(2025, 0, 16, 0, 0).getTime();

describe('chart axis ticks', () => {
  it('writes times of day in the UI language, and the day at midnight', () => {
    const ticks = timeAxisValues('de')(null, [noon, midnight], 0, 50, 6 * HOUR_MS);
    expect(ticks).toEqual(['12:00', '16. Jan.']);
  });

  it('writes days when the ticks are a day or more apart', () => {
    expect(timeAxisValues('fr')(null, [noon], 0, 50, DAY_MS)).toEqual(['15 janv.']);
  });

  it('writes big values short, as the UI language does, so none is cut to "0,000"', () => {
    const ticks = [0, 500_000, 1_000_000, 1_500_000, 2_000_000];
    expect(numberAxisValues('en')(null, ticks)).toEqual(['0', '500K', '1M', '1.5M', '2M']);
    expect(numberAxisValues('de')(null, ticks)).toEqual([
      '0',
      '500.000',
      '1\u00a0Mio.',
      '1,5\u00a0Mio.',
      '2\u00a0Mio.',
    ]);
  });

  it('keeps the decimals a small value needs, in the UI language', () => {
    expect(numberAxisValues('de')(null, [2, 2.5, 3])).toEqual(['2', '2,5', '3']);
    expect(numberAxisValues('fr')(null, [0.125, 0.25])).toEqual(['0,125', '0,25']);
  });

  it('writes ticks in full where short forms would read the same', () => {
    expect(numberAxisValues('en')(null, [2_000_000, 2_000_100])).toEqual(['2,000,000', '2,000,100']);
  });
});

describe('whole-number ticks for counts', () => {
  it('steps only by whole numbers, from 1 up', () => {
    expect(WHOLE_INCREMENTS.slice(0, 7)).toEqual([1, 2, 5, 10, 20, 50, 100]);
    expect(WHOLE_INCREMENTS.every((step) => Number.isInteger(step) && step >= 1)).toBe(true);
    expect(WHOLE_INCREMENTS).not.toContain(0.5);
  });
});

describe('y axis size', () => {
  it('fits the widest label with room for the ticks, and never narrower than the default', () => {
    expect(axisSize([10, 62.4, 30])).toBe(63 + 18);
    expect(axisSize([])).toBe(MIN_AXIS_SIZE);
    expect(axisSize([5])).toBe(MIN_AXIS_SIZE);
  });
});

describe('crosshair time', () => {
  it('writes the time under the crosshair in the UI language', () => {
    const options: Intl.DateTimeFormatOptions = {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    };
    expect(cursorTimeFormat('de')(noon)).toBe(new Intl.DateTimeFormat('de', options).format(noon));
    expect(cursorTimeFormat('de')(noon)).toContain('12:00');
  });
});
