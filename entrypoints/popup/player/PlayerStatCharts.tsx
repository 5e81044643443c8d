import { RANGE_NAMES } from '@/components/chart/chart-ranges-text';
import { PlayerStatChart } from '@/components/chart/PlayerStatChart';
import { playerStatChart, STAT_TREND_RULE } from '@/components/chart/player-stat-series';
import { MIN_CHART_HEIGHT } from '@/components/chart/TimeChart';
import { collectingData } from '@/utils/history/chart-data';
import type { ChartRangeName } from '@/utils/history/chart-ranges';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import { DELTA_STATS } from '@/utils/history/player-deltas';
import { historyTimeFormatter } from '../history/history-time';
import './player-history.css';
import { t } from '@/utils/i18n/translate';

const RANGE: ChartRangeName = '7d';

/**
 * A chart per stat of a watched player, each titled above and with its figures in words
 * (TimeChart: the canvas is one labelled image, the summary is text beside it). Until the
 * history covers enough time the card says once that it is collecting, and gives the figures.
 */
export function PlayerStatCharts({
  snapshots,
  now,
}: {
  snapshots: readonly PlayerSnapshotRow[];
  now: number;
}) {
  const formatTime = historyTimeFormatter(RANGE);
  const collecting = DELTA_STATS.some((stat) =>
    collectingData(playerStatChart(snapshots, stat, RANGE, now).data, STAT_TREND_RULE),
  );
  return (
    <section class="player-history" aria-labelledby="player-history-heading">
      <h3 id="player-history-heading" class="player-history__title">
        {t('popup.player.historyTitle', { range: t(RANGE_NAMES[RANGE]) })}
      </h3>
      {collecting && <p class="player-history__collecting">{t('card.chart.collecting')}</p>}
      {DELTA_STATS.map((stat) => (
        <PlayerStatChart
          key={stat}
          snapshots={snapshots}
          stat={stat}
          range={RANGE}
          now={now}
          formatTime={formatTime}
          height={MIN_CHART_HEIGHT}
          collectingText=""
        />
      ))}
    </section>
  );
}
