import { useEffect, useState } from 'preact/hooks';
import { RANGE_NAMES, RANGE_SHORT_NAMES } from '../../../../components/chart/chart-ranges-text';
import type { TimeChartSeries } from '../../../../components/chart/chart-series';
import { gapsNote, summarySentence } from '../../../../components/chart/chart-text';
import { TimeChart } from '../../../../components/chart/TimeChart';
import { formatNumber } from '../../../../utils/format';
import { type ChartData, chartData } from '../../../../utils/history/chart-data';
import {
  CHART_RANGE_NAMES,
  CHART_RANGES,
  type ChartRangeName,
  chartRange,
} from '../../../../utils/history/chart-ranges';
import { priceHistoryCsv } from '../../../../utils/history/price-csv';
import type { PricePointRow } from '../../../../utils/history/rows';
import { plural, t } from '../../../../utils/i18n/translate';
import { uiLanguage } from '../../../../utils/i18n/ui-language';
import { popupHistory } from './popup-history';
import { chartLabel, csvFileName } from './saved-search-text';

export interface PriceHistoryProps {
  searchId: string;
  text: string;
  /** Changes after each check (its time), so the chart reads the history again. */
  version: number | null;
}

/** The two lines, named when drawn (the language is read then). */
function series(): readonly TimeChartSeries[] {
  return [
    { name: t('popup.saved.seriesLowest'), colour: '--chart-series-1' },
    { name: t('popup.saved.seriesMedian'), colour: '--chart-series-2' },
  ];
}

/** Points are expected about this often in a range: more than twice that without one is a gap. */
const expectedInterval = (range: ChartRangeName) => CHART_RANGES[range].ms / 24;

function timeText(range: ChartRangeName) {
  const options: Intl.DateTimeFormatOptions =
    range === '24h'
      ? { hour: '2-digit', minute: '2-digit' }
      : { month: 'short', day: 'numeric', hour: '2-digit' };
  const format = new Intl.DateTimeFormat(uiLanguage(), options);
  return (time: number) => format.format(time);
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A saved search's lowest and median price per item over 24 hours, 7 or 30 days (TimeChart:
 * uPlot loads with the first chart drawn), the figures in words, and Export CSV.
 */
export function PriceHistory({ searchId, text, version }: PriceHistoryProps) {
  const [range, setRange] = useState<ChartRangeName>('24h');
  const [chart, setChart] = useState<ChartData | null>(null);
  const [failed, setFailed] = useState(false);
  const [exportNote, setExportNote] = useState('');

  useEffect(() => {
    let live = true;
    setChart(null);
    const span = chartRange(range, Date.now());
    popupHistory()
      .pricePoints(searchId, span.from, span.to)
      .then((points) => {
        if (!live) return;
        setFailed(false);
        setChart(
          chartData<PricePointRow>(points, {
            ...span,
            expectedIntervalMs: expectedInterval(range),
            time: (point) => point.time,
            series: [(point) => point.lowest, (point) => point.median],
          }),
        );
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [searchId, range, version]);

  async function exportCsv() {
    try {
      const points = await popupHistory().pricePoints(searchId, 0, Date.now());
      if (points.length === 0) {
        setExportNote(t('popup.saved.exportEmpty'));
        return;
      }
      download(csvFileName(text, Date.now()), priceHistoryCsv(text, points));
      setExportNote(plural('popup.saved.exported', points.length));
    } catch {
      setExportNote(t('popup.saved.exportFailed'));
    }
  }

  const time = timeText(range);
  const [lowest, middle] = chart?.summaries ?? [];
  const summary = chart
    ? t('popup.saved.summary', {
        lowest: summarySentence(lowest ?? null, formatNumber, time),
        median: summarySentence(middle ?? null, formatNumber, time),
      })
    : '';
  const name = `range-${searchId}`;

  return (
    <div class="price-history">
      <fieldset class="segmented price-history__ranges">
        <legend class="visually-hidden">{t('popup.saved.rangeLegend')}</legend>
        {CHART_RANGE_NAMES.map((option) => (
          <label
            key={option}
            class={option === range ? 'segmented__option is-selected' : 'segmented__option'}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === range}
              onChange={() => setRange(option)}
            />
            <span aria-hidden="true">{t(RANGE_SHORT_NAMES[option])}</span>
            <span class="visually-hidden">{t(RANGE_NAMES[option])}</span>
          </label>
        ))}
      </fieldset>
      {failed ? (
        <p class="muted">{t('popup.saved.historyFailed')}</p>
      ) : (
        <TimeChart
          data={chart?.data ?? null}
          series={series()}
          label={chartLabel(text, range)}
          summary={summary}
          gapsNote={chart ? gapsNote(chart.gaps, time) : ''}
          emptyHint={t('popup.saved.historyEmptyHint')}
          xRange={chart ? { from: chart.from, to: chart.to } : undefined}
          height={140}
        />
      )}
      <div class="price-history__export">
        <button type="button" class="button" onClick={() => void exportCsv()}>
          {t('popup.saved.exportCsv')}
        </button>
        <span role="status" class="muted">
          {exportNote}
        </span>
      </div>
    </div>
  );
}
