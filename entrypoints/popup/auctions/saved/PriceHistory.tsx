import { useEffect, useMemo, useState } from 'preact/hooks';
import { RANGE_NAMES, RANGE_SHORT_NAMES } from '@/components/chart/chart-ranges-text';
import type { TimeChartSeries } from '@/components/chart/chart-series';
import { gapsNote } from '@/components/chart/chart-text';
import { priceScale } from '@/components/chart/readout';
import { TimeChart } from '@/components/chart/TimeChart';
import { formatNumber } from '@/utils/format';
import { chartData, shownRange } from '@/utils/history/chart-data';
import {
  CHART_RANGE_NAMES,
  CHART_RANGES,
  type ChartRangeName,
  chartRange,
} from '@/utils/history/chart-ranges';
import type { PricePointRow } from '@/utils/history/history-rows';
import {
  ITEM_PRICE_EXTENTS,
  itemPricePoints,
  priceChartSpan,
  pricedItems,
} from '@/utils/history/item-history';
import { priceHistoryCsv } from '@/utils/history/price-csv';
import { plural, t } from '@/utils/i18n/translate';
import { historyTimeFormatter } from '../../history/history-time';
import { popupHistory } from './popup-history';
import { pricedItemName, priceFiguresText } from './price-figures';
import { chartLabel, csvFileName } from './saved-search-text';
import './price-history.css';

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

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface Loaded {
  range: ChartRangeName;
  from: number;
  to: number;
  points: PricePointRow[];
}

/**
 * A saved search's lowest and median price per item of ONE item over 24 hours, 7 or 30 days
 * (a search for "diamond" lists Diamond, Diamond Block and helmets: their prices are not
 * medianed together; the player picks the item, the most listed by default), as a step line
 * (a price holds until the next check) on a log scale when the two lines lie far apart
 * (TimeChart: uPlot loads with the first chart drawn), the figures in words, and Export CSV.
 */
export function PriceHistory({ searchId, text, version }: PriceHistoryProps) {
  const [range, setRange] = useState<ChartRangeName>('24h');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [exportNote, setExportNote] = useState('');

  useEffect(() => {
    let live = true;
    setLoaded(null);
    const now = Date.now();
    const span = priceChartSpan(chartRange(range, now), now);
    popupHistory()
      .pricePoints(searchId, span.from, span.to)
      .then((points) => {
        if (!live) return;
        setFailed(false);
        setLoaded({ range, ...span, points });
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [searchId, range, version]);

  const items = useMemo(() => (loaded ? pricedItems(loaded.points) : []), [loaded]);
  // The one picked while it is still among the range's items, else the most listed.
  const item = items.find((candidate) => candidate.key === picked) ?? items[0];
  const chart = useMemo(() => {
    if (!loaded) return null;
    const span = { from: loaded.from, to: loaded.to };
    return chartData(item ? itemPricePoints(loaded.points, item.key) : [], {
      ...span,
      expectedIntervalMs: expectedInterval(loaded.range),
      time: (point) => point.time,
      series: [(point) => point.lowest, (point) => point.median],
      extents: ITEM_PRICE_EXTENTS,
    });
  }, [loaded, item?.key]);
  const mixedPoints = loaded?.points.some((point) => point.items === undefined) ?? false;

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

  const time = historyTimeFormatter(range);
  const [lowest, middle] = chart?.summaries ?? [];
  const summary =
    chart && item
      ? priceFiguresText(pricedItemName(item), lowest ?? null, middle ?? null, formatNumber, time)
      : '';
  const name = `range-${searchId}`;
  const pickerId = `item-${searchId}`;
  const notes = [chart ? gapsNote(chart.gaps, time) : '', mixedPoints ? t('popup.saved.mixedPointsNote') : '']
    .filter((note) => note !== '')
    .join(' ');

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
      {items.length > 1 && item && (
        <p class="price-history__item">
          <label for={pickerId}>{t('popup.saved.itemLabel')}</label>
          <select id={pickerId} value={item.key} onChange={(event) => setPicked(event.currentTarget.value)}>
            {items.map((option) => (
              <option key={option.key} value={option.key}>
                {pricedItemName(option)}
              </option>
            ))}
          </select>
        </p>
      )}
      {failed ? (
        <p class="muted">{t('popup.saved.historyFailed')}</p>
      ) : (
        <TimeChart
          data={chart?.data ?? null}
          series={series()}
          label={chartLabel(text, range)}
          summary={summary}
          gapsNote={notes}
          emptyHint={t('popup.saved.historyEmptyHint')}
          xRange={chart ? shownRange(chart.data, chart) : undefined}
          height={140}
          steps
          yScale={chart ? priceScale(chart.summaries) : 'linear'}
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
