import { useMemo } from 'preact/hooks';
import { formatNumber } from '../../utils/format';
import type { ChartRangeName } from '../../utils/history/chart-ranges';
import type { PlayerStat } from '../../utils/history/player-change';
import type { PlayerSnapshotRow } from '../../utils/history/rows';
import { t } from '../../utils/i18n/translate';
import { RANGE_NAMES } from './chart-ranges-text';
import { summarySentence } from './chart-text';
import { playerStatChart, STAT_NAMES } from './player-stat-series';
import { TimeChart } from './TimeChart';

export interface PlayerStatChartProps {
  /** One player's snapshots, ascending (HistoryStore.playerSnapshots); null while read. */
  snapshots: readonly PlayerSnapshotRow[] | null;
  stat: PlayerStat;
  range?: ChartRangeName;
  now: number;
  /** Formats a time for the summary ("Jun 3, 14:05"). */
  formatTime: (time: number) => string;
  height?: number;
}

/**
 * A small chart of one stat of a watched player (the player card shows one per stat), with
 * its figures in words. Lazy like every chart: uPlot loads when it first draws (TimeChart).
 */
export function PlayerStatChart({
  snapshots,
  stat,
  range = '7d',
  now,
  formatTime,
  height = 80,
}: PlayerStatChartProps) {
  const chart = useMemo(
    () => (snapshots ? playerStatChart(snapshots, stat, range, now) : null),
    [snapshots, stat, range, now],
  );
  const name = t(STAT_NAMES[stat]);
  return (
    <TimeChart
      data={chart?.data ?? null}
      series={[{ name, colour: '--chart-series-1' }]}
      label={t('card.chart.statLabel', { stat: name, range: t(RANGE_NAMES[range]) })}
      summary={summarySentence(chart?.summaries[0] ?? null, formatNumber, formatTime)}
      emptyHint={t('card.chart.statEmptyHint')}
      xRange={chart ? { from: chart.from, to: chart.to } : undefined}
      height={height}
    />
  );
}
