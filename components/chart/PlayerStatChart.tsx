import { useMemo } from 'preact/hooks';
import { formatNumber } from '../../utils/format';
import { shownRange } from '../../utils/history/chart-data';
import type { ChartRangeName } from '../../utils/history/chart-ranges';
import type { PlayerSnapshotRow } from '../../utils/history/history-rows';
import type { PlayerStat } from '../../utils/history/player-change';
import { t } from '../../utils/i18n/translate';
import { RANGE_NAMES } from './chart-ranges-text';
import { summarySentence } from './chart-text';
import { playerStatChart, STAT_NAMES, STAT_SCALES, STAT_TREND_RULE } from './player-stat-series';
import { MIN_CHART_HEIGHT, TimeChart } from './TimeChart';

export interface PlayerStatChartProps {
  /** One player's snapshots, ascending (HistoryStore.playerSnapshots); null while read. */
  snapshots: readonly PlayerSnapshotRow[] | null;
  stat: PlayerStat;
  range?: ChartRangeName;
  now: number;
  /** Formats a time for the summary ("Jun 3, 14:05"). */
  formatTime: (time: number) => string;
  height?: number;
  /** TimeChart's `collectingText`: '' when the card says it once for every stat. */
  collectingText?: string;
}

/**
 * A small chart of one stat of a watched player (the player card shows one per stat), with
 * its title above and its figures in words; a step line, since a stat holds until it changes. Lazy like every chart: uPlot loads when it first draws (TimeChart).
 */
export function PlayerStatChart({
  snapshots,
  stat,
  range = '7d',
  now,
  formatTime,
  height = MIN_CHART_HEIGHT,
  collectingText,
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
      xRange={chart ? shownRange(chart.data, chart) : undefined}
      height={height}
      steps
      yScale={STAT_SCALES[stat]}
      trendRule={STAT_TREND_RULE}
      collectingText={collectingText}
    />
  );
}
