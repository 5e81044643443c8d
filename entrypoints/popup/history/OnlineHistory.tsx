import { useEffect, useMemo, useState } from 'preact/hooks';
import { RANGE_NAMES, RANGE_SHORT_NAMES } from '@/components/chart/chart-ranges-text';
import { gapsNote } from '@/components/chart/chart-text';
import { TimeChart } from '@/components/chart/TimeChart';
import { formatNumber } from '@/utils/format';
import { shownRange } from '@/utils/history/chart-data';
import { CHART_RANGE_NAMES, CHART_RANGES, type ChartRangeName } from '@/utils/history/chart-ranges';
import { badgePaceMs, countIntervalMs, readCadence } from '@/utils/history/count-interval';
import type { OnlineCountRow } from '@/utils/history/history-rows';
import { onlineFiguresText, onlineHistoryChart } from '@/utils/history/online-history';
import { pageHistoryStore } from '@/utils/history/page-history';
import { getSettings } from '@/utils/settings';
import { historyTimeFormatter } from './history-time';
import './online-history.css';
import { type MessageKey, t } from '@/utils/i18n/translate';

/**
 * "Online history": the online count the extension recorded (every count it fetched, see
 * entrypoints/background/history/history-recorder.ts), over the last 24 hours, 7 days or 30
 * days, with min, max and now in words. Opened from the count in the popup header; this
 * module, and uPlot after it, load only then (Header.tsx).
 */

export interface OnlineHistoryProps {
  id: string;
  onClose: () => void;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'done'; range: ChartRangeName; rows: OnlineCountRow[]; now: number; pollIntervalMs: number };

/** What pressing each range button does. */
const SHOW_RANGE = {
  '24h': 'popup.history.showDay',
  '7d': 'popup.history.showWeek',
  '30d': 'popup.history.showMonth',
} as const satisfies Record<ChartRangeName, MessageKey>;
/** Only the range shown is read: the last day is 24 hour records, 30 days 720 (online-hours.ts). */
async function readHistory(range: ChartRangeName): Promise<Loaded> {
  const now = Date.now();
  const [rows, settings, cadence] = await Promise.all([
    pageHistoryStore().onlineCounts(now - CHART_RANGES[range].ms, now),
    getSettings(),
    readCadence(),
  ]);
  // Counts come at the pace the scheduler planned for the badge, not at the setting.
  const pollIntervalMs = countIntervalMs(cadence, badgePaceMs(settings));
  return { status: 'done', range, rows, now, pollIntervalMs };
}

export function OnlineHistory({ id, onClose }: OnlineHistoryProps) {
  const [range, setRange] = useState<ChartRangeName>('24h');
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoaded({ status: 'loading' });
    readHistory(range).then(
      (result) => live && setLoaded(result),
      (error: unknown) => {
        console.warn('Network Companion: could not read the online history', error);
        if (live) setLoaded({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [range, attempt]);

  const view = useMemo(
    () =>
      loaded.status === 'done'
        ? onlineHistoryChart(loaded.rows, loaded.range, loaded.now, loaded.pollIntervalMs)
        : undefined,
    [loaded],
  );
  const formatTime = historyTimeFormatter(range);

  return (
    <section id={id} class="online-history" aria-labelledby={`${id}-heading`}>
      <div class="online-history__bar">
        <h2 id={`${id}-heading`} class="online-history__title">
          {t('popup.history.title')}
        </h2>
        <fieldset class="online-history__ranges">
          <legend class="visually-hidden">{t('popup.history.rangeLegend')}</legend>
          {CHART_RANGE_NAMES.map((name) => (
            <button
              key={name}
              type="button"
              class="chip chip--small"
              aria-pressed={name === range}
              title={t(SHOW_RANGE[name])}
              onClick={() => setRange(name)}
            >
              {t(RANGE_SHORT_NAMES[name])}
            </button>
          ))}
        </fieldset>
        <button type="button" class="chip chip--small" onClick={onClose}>
          {t('popup.history.close')}
        </button>
      </div>
      {loaded.status === 'failed' ? (
        <div class="error-notice" role="alert">
          <p class="error-notice__message">{t('popup.history.readFailed')}</p>
          <p class="error-notice__buttons">
            <button type="button" onClick={() => setAttempt((n) => n + 1)}>
              {t('popup.history.retry')}
            </button>
          </p>
        </div>
      ) : (
        <TimeChart
          data={view?.chart.data ?? null}
          series={[{ name: t('popup.history.series'), colour: '--chart-series-1' }]}
          label={t('popup.history.chartLabel', { range: t(RANGE_NAMES[range]) })}
          summary={onlineFiguresText(view?.figures ?? null, formatNumber, formatTime)}
          gapsNote={
            view && view.chart.gaps.length > 0
              ? `${gapsNote(view.chart.gaps, formatTime)} ${t('popup.history.gapReason')}`
              : undefined
          }
          emptyHint={t('popup.history.emptyHint')}
          xRange={view ? shownRange(view.chart.data, view.chart) : undefined}
          height={140}
          yScale="count"
        />
      )}
    </section>
  );
}
