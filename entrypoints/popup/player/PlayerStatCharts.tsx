import { useMemo } from 'preact/hooks';
import { PlayerStatChart } from '@/components/chart/PlayerStatChart';
import { MIN_CHART_HEIGHT } from '@/components/chart/TimeChart';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import { DELTA_STATS } from '@/utils/history/player-deltas';
import { t } from '@/utils/i18n/translate';
import { historyTimeFormatter } from '../history/history-time';
import { chartsCollecting, CHARTS_RANGE as RANGE } from './history-charts';

/**
 * A chart per stat of a watched player (under the History heading, PlayerHistory.tsx), each titled above and with its figures in words
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
  // Here, with the charts a frame after the card, not in the card's first commit.
  const collecting = useMemo(() => chartsCollecting(snapshots, now), [snapshots, now]);
  const formatTime = historyTimeFormatter(RANGE);
  return (
    <>
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
    </>
  );
}
