import { useEffect, useMemo, useState } from 'preact/hooks';
import { CHART_RANGES, type ChartRangeName, chartRange } from '@/utils/history/chart-ranges';
import type { PricePointRow } from '@/utils/history/history-rows';
import { itemPricePoints, priceChartSpan, pricedItems } from '@/utils/history/item-history';
import { priceHistoryCsv } from '@/utils/history/price-csv';
import { plural, t } from '@/utils/i18n/translate';
import { ItemPriceChart, PriceRanges } from '../price-chart/ItemPriceChart';
import { popupHistory } from './popup-history';
import { pricedItemName } from './price-figures';
import { chartLabel, csvFileName } from './saved-search-text';
import './price-history.css';

export interface PriceHistoryProps {
  searchId: string;
  text: string;
  /** Changes after each check (its time), so the chart reads the history again. */
  version: number | null;
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
  const points = useMemo(
    () => (loaded && item ? itemPricePoints(loaded.points, item.key) : loaded ? [] : null),
    [loaded, item?.key],
  );
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

  const name = `range-${searchId}`;
  const pickerId = `item-${searchId}`;

  return (
    <div class="price-history">
      <PriceRanges name={name} range={range} onChange={setRange} />
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
        <ItemPriceChart
          points={points}
          range={loaded?.range ?? range}
          span={{ from: loaded?.from ?? 0, to: loaded?.to ?? 0 }}
          expectedIntervalMs={expectedInterval(loaded?.range ?? range)}
          itemName={item ? pricedItemName(item) : null}
          label={chartLabel(text, range)}
          emptyHint={t('popup.saved.historyEmptyHint')}
          note={mixedPoints ? t('popup.saved.mixedPointsNote') : ''}
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
