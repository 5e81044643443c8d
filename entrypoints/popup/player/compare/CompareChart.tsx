import { useEffect, useMemo, useState } from 'preact/hooks';
import { RANGE_NAMES } from '@/components/chart/chart-ranges-text';
import { summarySentence } from '@/components/chart/chart-text';
import {
  playerStatChart,
  STAT_NAMES,
  STAT_SCALES,
  STAT_TREND_RULE,
} from '@/components/chart/player-stat-series';
import { MIN_CHART_HEIGHT, TimeChart } from '@/components/chart/TimeChart';
import type { Player } from '@/utils/api/schemas';
import { mergeStatCharts } from '@/utils/compare/compare-history';
import { formatNumber } from '@/utils/format';
import { shownRange } from '@/utils/history/chart-data';
import type { ChartRangeName } from '@/utils/history/chart-ranges';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import { pageHistoryStore } from '@/utils/history/page-history';
import type { PlayerStat } from '@/utils/history/player-change';
import { DELTA_STATS } from '@/utils/history/player-deltas';
import { t } from '@/utils/i18n/translate';
import { historyTimeFormatter } from '../../history/history-time';

const RANGE: ChartRangeName = '7d';

/**
 * Both players' histories of one stat on one chart, when both have recorded snapshots (watched
 * players are recorded): a stat picker, the two step lines in the chart's first two colours, the
 * figures of each in words. Otherwise a sentence says why there is no chart.
 */
export function CompareChart({ left, right }: { left: Player; right: Player }) {
  const [rows, setRows] = useState<{
    left: PlayerSnapshotRow[];
    right: PlayerSnapshotRow[];
    now: number;
  } | null>(null);
  const [stat, setStat] = useState<PlayerStat>('kills');

  useEffect(() => {
    let live = true;
    const now = Date.now();
    const store = pageHistoryStore();
    Promise.all([store.playerSnapshots(left.uuid, 0, now), store.playerSnapshots(right.uuid, 0, now)]).then(
      ([a, b]) => live && setRows({ left: a, right: b, now }),
      () => live && setRows({ left: [], right: [], now }),
    );
    return () => {
      live = false;
    };
  }, [left.uuid, right.uuid]);

  const chart = useMemo(
    () =>
      rows && rows.left.length > 0 && rows.right.length > 0
        ? mergeStatCharts(
            playerStatChart(rows.left, stat, RANGE, rows.now),
            playerStatChart(rows.right, stat, RANGE, rows.now),
          )
        : null,
    [rows, stat],
  );
  if (rows === null) return null;
  if (chart === null) return <p class="player-compare__text">{t('compare.noHistory')}</p>;

  const formatTime = historyTimeFormatter(RANGE);
  const name = t(STAT_NAMES[stat]);
  const figures = (index: 0 | 1, who: string) =>
    t('compare.chartFigures', {
      name: who,
      figures: summarySentence(chart.summaries[index] ?? null, formatNumber, formatTime),
    });
  const id = `compare-chart-${left.uuid}`;
  return (
    <div class="player-compare__chart">
      <label class="field-label" for={id}>
        {t('compare.chartStat')}
      </label>
      <select
        id={id}
        class="text-field"
        value={stat}
        onChange={(event) => setStat(event.currentTarget.value as PlayerStat)}
      >
        {DELTA_STATS.map((option) => (
          <option key={option} value={option}>
            {t(STAT_NAMES[option])}
          </option>
        ))}
      </select>
      <TimeChart
        data={chart.data}
        series={[
          { name: left.name, colour: '--chart-series-1' },
          { name: right.name, colour: '--chart-series-2' },
        ]}
        label={t('compare.chartLabel', {
          stat: name,
          left: left.name,
          right: right.name,
          range: t(RANGE_NAMES[RANGE]),
        })}
        summary={`${figures(0, left.name)} ${figures(1, right.name)}`}
        emptyHint={t('card.chart.statEmptyHint')}
        xRange={shownRange(chart.data, chart)}
        height={MIN_CHART_HEIGHT}
        steps
        yScale={STAT_SCALES[stat]}
        trendRule={STAT_TREND_RULE}
      />
    </div>
  );
}
