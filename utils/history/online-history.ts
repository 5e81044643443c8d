import { t } from '../i18n/translate';
import { type ChartData, chartData, type SeriesSummary } from './chart-data';
import { CHART_RANGES, type ChartRangeName, chartRange } from './chart-ranges';
import { figuresText } from './figures-text';
import { DOWNSAMPLE_BUCKET_MS } from './history-limits';
import type { OnlineCountRow } from './history-rows';

/**
 * The online count history as a chart shows it: one line (the count; the hourly mean for
 * downsampled rows), breaks where counts stopped coming, and the figures in words (min, max
 * and now) from the rows themselves, so an hourly row's own min and max count.
 */

export interface OnlineHistoryChart {
  chart: ChartData;
  /** Null when the range holds no count. */
  figures: SeriesSummary | null;
  /** "Online players, last 24 hours". */
  label: string;
}

/**
 * The interval a row stands for: an hour for a downsampled one, otherwise the pace counts really
 * come at (count-interval.ts).
 */
function rowInterval(row: OnlineCountRow, pollIntervalMs: number): number {
  return row.samples === undefined ? pollIntervalMs : DOWNSAMPLE_BUCKET_MS;
}

/** `rows` ascending by time, as the history store returns them. */
export function onlineHistoryChart(
  rows: readonly OnlineCountRow[],
  range: ChartRangeName,
  now: number,
  pollIntervalMs: number,
): OnlineHistoryChart {
  const span = chartRange(range, now);
  const chart = chartData(rows, {
    ...span,
    expectedIntervalMs: (before, after) =>
      Math.max(rowInterval(before, pollIntervalMs), rowInterval(after, pollIntervalMs)),
    time: (row) => row.time,
    series: [(row) => row.count],
  });
  const summary = chart.summaries[0] ?? null;
  let figures: SeriesSummary | null = null;
  if (summary) {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const row of rows) {
      if (row.time < span.from || row.time > span.to) continue;
      min = Math.min(min, row.min ?? row.count);
      max = Math.max(max, row.max ?? row.count);
    }
    figures = { ...summary, min, max };
  }
  return { chart, figures, label: t('common.history.onlineLabel', { range: CHART_RANGES[range].label }) };
}

/** "Min 120, max 480, now 310 (at 14:05)." */
export function onlineFiguresText(
  figures: SeriesSummary | null,
  formatCount: (count: number) => string,
  formatTime: (time: number) => string,
): string {
  return figuresText(
    figures,
    { none: 'common.history.noCounts', figures: 'common.history.figures' },
    formatCount,
    formatTime,
  );
}
