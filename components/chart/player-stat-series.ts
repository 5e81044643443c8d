import { type ChartData, chartData, type TrendRule } from '../../utils/history/chart-data';
import { type ChartRangeName, chartRange } from '../../utils/history/chart-ranges';
import { HOUR_MS } from '../../utils/history/history-limits';
import type { PlayerSnapshotRow } from '../../utils/history/history-rows';
import { LAGGING_STATS, type PlayerStat } from '../../utils/history/player-change';
import type { MessageKey } from '../../utils/i18n/translate';
import type { YScale } from './chart-series';

/** What each stat is called on a chart. */
export const STAT_NAMES = {
  kills: 'card.chart.statKills',
  deaths: 'card.chart.statDeaths',
  balance: 'card.chart.statBalance',
  shards: 'card.chart.statShards',
  playtimeHours: 'card.chart.statPlaytimeHours',
} as const satisfies Record<PlayerStat, MessageKey>;

/** Counted in whole units: their axes never tick at "75.5". Balance and hours have fractions. */
export const STAT_SCALES = {
  kills: 'count',
  deaths: 'count',
  balance: 'linear',
  shards: 'count',
  playtimeHours: 'linear',
} as const satisfies Record<PlayerStat, YScale>;

/**
 * A stat's line is a trend once it covers an hour: two points suffice, since snapshots are
 * written only on change and the latest value is carried to now (a steady stat is news too).
 */
export const STAT_TREND_RULE: TrendRule = { minPoints: 2, minSpanMs: HOUR_MS };

/**
 * One stat of a watched player over a range. Snapshots are written only on change, so the
 * value holds until the next one: the value at the range's start (the last snapshot before
 * it) opens the line and the latest value is carried to `now`. Kills, deaths and playtime use
 * only snapshots whose stats were current (player-change.ts). Never a gap: no snapshot means
 * no change.
 */
export function playerStatChart(
  snapshots: readonly PlayerSnapshotRow[],
  stat: PlayerStat,
  range: ChartRangeName,
  now: number,
): ChartData {
  const span = chartRange(range, now);
  const usable = LAGGING_STATS.has(stat) ? snapshots.filter((row) => !row.statsMayLag) : snapshots;
  const points: Array<{ time: number; value: number }> = [];
  let before: PlayerSnapshotRow | undefined;
  for (const row of usable) {
    if (row.time > now) break;
    if (row.time < span.from) before = row;
    else points.push({ time: row.time, value: row[stat] });
  }
  if (before) points.unshift({ time: span.from, value: before[stat] });
  const last = points.at(-1);
  if (last && last.time < now) points.push({ time: now, value: last.value });
  return chartData(points, {
    ...span,
    expectedIntervalMs: Number.POSITIVE_INFINITY,
    time: (point) => point.time,
    series: [(point) => point.value],
  });
}
