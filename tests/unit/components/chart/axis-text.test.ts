import { describe, expect, it } from 'vitest';
import { legendTimeValue, numberAxisValues, timeAxisValues } from '../../../../components/chart/axis-text';
import { DAY_MS, HOUR_MS } from '../../../../utils/history/limits';

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

  it('groups numbers as the UI language does', () => {
    expect(numberAxisValues('de')(null, [1_234_567, 2.5])).toEqual(['1.234.567', '2,5']);
  });
});

describe('chart legend time', () => {
  it('writes the time under the cursor in the UI language, nothing without one', () => {
    const value = legendTimeValue('de');
    expect(value(null, noon)).toBe(
      new Intl.DateTimeFormat('de', {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }).format(noon),
    );
    expect(value(null, null)).toBe('');
  });
});
