import { RANGE_NAMES } from '../../../components/chart/chart-ranges-text';
import { PlayerStatChart } from '../../../components/chart/PlayerStatChart';
import type { ChartRangeName } from '../../../utils/history/chart-ranges';
import { DELTA_STATS } from '../../../utils/history/player-deltas';
import type { PlayerSnapshotRow } from '../../../utils/history/rows';
import { historyTimeFormatter } from '../history/history-time';
import './player-history.css';
import { t } from '../../../utils/i18n/translate';

const RANGE: ChartRangeName = '7d';
/** Room for a line above the time axis. */
const HEIGHT = 100;

/**
 * A small chart per stat of a watched player, each with its figures in words (TimeChart:
 * the canvas is one labelled image, the summary is text beside it).
 */
export function PlayerStatCharts({
  snapshots,
  now,
}: {
  snapshots: readonly PlayerSnapshotRow[];
  now: number;
}) {
  const formatTime = historyTimeFormatter(RANGE);
  return (
    <section class="player-history" aria-labelledby="player-history-heading">
      <h3 id="player-history-heading" class="player-history__title">
        {t('popup.player.historyTitle', { range: t(RANGE_NAMES[RANGE]) })}
      </h3>
      {DELTA_STATS.map((stat) => (
        <PlayerStatChart
          key={stat}
          snapshots={snapshots}
          stat={stat}
          range={RANGE}
          now={now}
          formatTime={formatTime}
          height={HEIGHT}
        />
      ))}
    </section>
  );
}
