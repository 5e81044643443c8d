import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '@/utils/history/history-limits';
import { countsOfHour, hoursOf, withCount } from '@/utils/history/online-hours';

describe('online counts, an hour to a record', () => {
  it('adds a count in time order, replacing one at the same time', () => {
    let hour = withCount(undefined, { time: 3 * HOUR_MS + 500, count: 5 });
    hour = withCount(hour, { time: 3 * HOUR_MS + 100, count: 1 });
    hour = withCount(hour, { time: 3 * HOUR_MS + 500, count: 6 });
    expect(hour).toEqual({
      start: 3 * HOUR_MS,
      rows: [
        { time: 3 * HOUR_MS + 100, count: 1 },
        { time: 3 * HOUR_MS + 500, count: 6 },
      ],
    });
  });

  it('reads the counts that parse, and nothing from a record that is not one', () => {
    expect(countsOfHour({ start: 0, rows: [{ time: 1, count: 2 }, { time: 2, count: -1 }, 'x'] })).toEqual([
      { time: 1, count: 2 },
    ]);
    expect(countsOfHour(undefined)).toEqual([]);
    expect(countsOfHour({ start: 0, rows: 'nope' })).toEqual([]);
  });

  it('groups counts into hours', () => {
    const hours = hoursOf([
      { time: HOUR_MS + 1, count: 3 },
      { time: 1, count: 1 },
      { time: 2, count: 2 },
    ]);
    expect(hours.map((hour) => [hour.start, hour.rows.length])).toEqual([
      [0, 2],
      [HOUR_MS, 1],
    ]);
  });
});
