import { playerStatChart, STAT_TREND_RULE } from '@/components/chart/player-stat-series';
import { collectingData } from '@/utils/history/chart-data';
import type { ChartRangeName } from '@/utils/history/chart-ranges';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import { DELTA_STATS } from '@/utils/history/player-deltas';

/** The range of a watched player's history charts: named in the heading, drawn in the charts. */
export const CHARTS_RANGE: ChartRangeName = '7d';

/** Whether any stat's history is still too short for a line: the card then says it is collecting. */
export function chartsCollecting(snapshots: readonly PlayerSnapshotRow[], now: number): boolean {
  return DELTA_STATS.some((stat) =>
    collectingData(playerStatChart(snapshots, stat, CHARTS_RANGE, now).data, STAT_TREND_RULE),
  );
}
