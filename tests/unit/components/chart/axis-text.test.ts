import { describe, expect, it } from 'vitest';
import { axisSize, cursorTimeFormat, MIN_AXIS_SIZE } from '@/components/chart/axis-text';
import { WHOLE_INCREMENTS } from '@/components/chart/ticks';

const noon = new Date(2025, 0, 15, 12, 0).getTime();

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
