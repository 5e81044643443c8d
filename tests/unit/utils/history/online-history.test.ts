import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@/utils/history/history-limits';
import type { OnlineCountRow } from '@/utils/history/history-rows';
import { onlineFiguresText, onlineHistoryChart } from '@/utils/history/online-history';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const count = (minutesAgo: number, value: number): OnlineCountRow => ({
  time: NOW - minutesAgo * MINUTE_MS,
  count: value,
});

describe('onlineHistoryChart', () => {
  it('gives min, max and now of the range, and names the range', () => {
    const rows = [count(60 * 30, 999), count(3, 120), count(2, 480), count(1, 310)];
    const { figures, label, chart } = onlineHistoryChart(rows, '24h', NOW, MINUTE_MS);
    expect(label).toBe('Online players, last 24 hours');
    expect(chart.points).toBe(3);
    expect(figures).toEqual({ min: 120, max: 480, latest: 310, latestTime: NOW - MINUTE_MS });
  });

  it("counts an hourly row's own min and max, and does not call an hour between hourly rows a gap", () => {
    const base = NOW - 10 * DAY_MS;
    const rows: OnlineCountRow[] = [
      { time: base, count: 200, min: 50, max: 400, samples: 60 },
      { time: base + HOUR_MS, count: 210, min: 90, max: 300, samples: 60 },
      { time: base + 2 * HOUR_MS, count: 220 },
    ];
    const { figures, chart } = onlineHistoryChart(rows, '30d', NOW, MINUTE_MS);
    expect(figures).toMatchObject({ min: 50, max: 400, latest: 220 });
    expect(chart.gaps).toEqual([]);
  });

  it('breaks the line where counts stopped coming (the browser was closed)', () => {
    const rows = [count(300, 10), count(299, 11), count(100, 12), count(99, 13)];
    const { chart } = onlineHistoryChart(rows, '24h', NOW, MINUTE_MS);
    expect(chart.gaps).toEqual([{ from: NOW - 299 * MINUTE_MS, to: NOW - 100 * MINUTE_MS }]);
    expect(chart.data[1]).toEqual([10, 11, null, 12, 13]);
  });

  it('has no figures for an empty range', () => {
    const { figures, chart } = onlineHistoryChart([count(60 * 48, 5)], '24h', NOW, MINUTE_MS);
    expect(figures).toBeNull();
    expect(chart.data[0]).toHaveLength(0);
    expect(onlineFiguresText(figures, String, String)).toBe('No counts in this range.');
  });
});

describe('onlineFiguresText', () => {
  it('says min, max and now in words', () => {
    expect(
      onlineFiguresText(
        { min: 1200, max: 4800, latest: 3100, latestTime: 0 },
        (n) => n.toLocaleString('en-US'),
        () => '14:05',
      ),
    ).toBe('Min 1,200, max 4,800, now 3,100 (at 14:05).');
  });
});
