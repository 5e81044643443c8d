import { playerStatChart, STAT_TREND_RULE } from '@/components/chart/player-stat-series';
import { collectingData } from '@/utils/history/chart-data';
import type { ChartRangeName } from '@/utils/history/chart-ranges';
import { chartRange } from '@/utils/history/chart-ranges';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import { LAGGING_STATS } from '@/utils/history/player-change';
import { DELTA_STATS } from '@/utils/history/player-deltas';

/** The range of a watched player's history charts: named in the heading, drawn in the charts. */
export const CHARTS_RANGE: ChartRangeName = '7d';

/** Whether any stat's history is still too short for a line: the card then says it is collecting. */
export function chartsCollecting(snapshots: readonly PlayerSnapshotRow[], now: number): boolean {
  return DELTA_STATS.some((stat) =>
    collectingData(playerStatChart(snapshots, stat, CHARTS_RANGE, now).data, STAT_TREND_RULE),
  );
}

/**
 * chartsCollecting's answer without the charts' data, for the card's first commit (issue 35,
 * one frame): the box the charts wait a frame in takes their height from it. Each stat's line
 * runs from its first usable snapshot (or the range's start, when one is before it) to now, the
 * last value carried there, so it is collecting while that is shorter than the trend rule's
 * span (STAT_TREND_RULE: two points, which any span above 0 has). The charts compute their data
 * after that frame (PlayerStatCharts); a property test keeps the two answers equal.
 */
export function chartsCollectingSoon(snapshots: readonly PlayerSnapshotRow[], now: number): boolean {
  const { from } = chartRange(CHARTS_RANGE, now);
  return DELTA_STATS.some((stat) => {
    const lagging = LAGGING_STATS.has(stat);
    // Ascending by time: the first usable snapshot up to now opens the line.
    const first = snapshots.find((row) => row.time <= now && !(lagging && row.statsMayLag));
    return first === undefined || now - Math.max(first.time, from) < STAT_TREND_RULE.minSpanMs;
  });
}
