import { useMemo } from 'preact/hooks';
import { RANGE_NAMES, RANGE_SHORT_NAMES } from '@/components/chart/chart-ranges-text';
import type { TimeChartSeries } from '@/components/chart/chart-series';
import { gapsNote } from '@/components/chart/chart-text';
import { priceScale } from '@/components/chart/readout';
import { TimeChart } from '@/components/chart/TimeChart';
import { formatNumber } from '@/utils/format';
import { chartData, shownRange } from '@/utils/history/chart-data';
import { CHART_RANGE_NAMES, type ChartRangeName, type TimeRange } from '@/utils/history/chart-ranges';
import { ITEM_PRICE_EXTENTS, type ItemPricePoint } from '@/utils/history/item-history';
import { t } from '@/utils/i18n/translate';
import { historyTimeFormatter } from '../../history/history-time';
import { priceFiguresText } from '../saved/price-figures';

/*
 * One item's lowest and median price per item over 24 hours, 7 or 30 days, with its range
 * controls: the saved searches' price history (from their checks) and a listing's item history
 * (from the listings recorded) draw the same chart.
 */

/** The two lines, named when drawn (the language is read then). */
function series(): readonly TimeChartSeries[] {
  return [
    { name: t('popup.saved.seriesLowest'), colour: '--chart-series-1' },
    { name: t('popup.saved.seriesMedian'), colour: '--chart-series-2' },
  ];
}

export interface PriceRangesProps {
  /** The radio group's name: one per chart on the page. */
  name: string;
  range: ChartRangeName;
  onChange: (range: ChartRangeName) => void;
}

/** 24 h / 7 d / 30 d as a segmented radio group. */
export function PriceRanges({ name, range, onChange }: PriceRangesProps) {
  return (
    <fieldset class="segmented price-history__ranges">
      <legend class="visually-hidden">{t('popup.saved.rangeLegend')}</legend>
      {CHART_RANGE_NAMES.map((option) => (
        <label key={option} class={option === range ? 'segmented__option is-selected' : 'segmented__option'}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={option === range}
            onChange={() => onChange(option)}
          />
          <span aria-hidden="true">{t(RANGE_SHORT_NAMES[option])}</span>
          <span class="visually-hidden">{t(RANGE_NAMES[option])}</span>
        </label>
      ))}
    </fieldset>
  );
}

export interface ItemPriceChartProps {
  /** The item's points in `span`; null while they are being read. */
  points: readonly ItemPricePoint[] | null;
  /** The range shown (its name picks the time format) and its span. */
  range: ChartRangeName;
  span: TimeRange;
  /** More than twice this between two points is a gap. */
  expectedIntervalMs: number;
  /** The item as the summary names it; null when there is none. */
  itemName: string | null;
  /** The title above the chart. */
  label: string;
  emptyHint: string;
  /** A note after the gaps' (e.g. points recorded before items were). */
  note?: string;
  /** Points are listings seen ("last seen …"), not a saved search's checks ("last checked …"). */
  seen?: boolean;
  /** What the chart says until the points show a trend (TimeChart's by default). */
  collectingText?: string;
}

/** The chart of one item's two price lines, a step line on a log scale when they lie far apart. */
export function ItemPriceChart({
  points,
  range,
  span,
  expectedIntervalMs,
  itemName,
  label,
  emptyHint,
  note = '',
  seen = false,
  collectingText,
}: ItemPriceChartProps) {
  const chart = useMemo(
    () =>
      points === null
        ? null
        : chartData(points, {
            ...span,
            expectedIntervalMs,
            time: (point) => point.time,
            series: [(point) => point.lowest, (point) => point.median],
            extents: ITEM_PRICE_EXTENTS,
          }),
    [points, span.from, span.to, expectedIntervalMs],
  );
  const time = historyTimeFormatter(range);
  const [lowest, middle] = chart?.summaries ?? [];
  const summary =
    chart && itemName !== null
      ? priceFiguresText(itemName, lowest ?? null, middle ?? null, formatNumber, time, seen)
      : '';
  const notes = [chart ? gapsNote(chart.gaps, time) : '', note].filter((text) => text !== '').join(' ');
  return (
    <TimeChart
      data={chart?.data ?? null}
      series={series()}
      label={label}
      summary={summary}
      gapsNote={notes}
      emptyHint={emptyHint}
      xRange={chart ? shownRange(chart.data, chart) : undefined}
      height={140}
      steps
      yScale={chart ? priceScale(chart.summaries) : 'linear'}
      {...(collectingText === undefined ? {} : { collectingText })}
    />
  );
}
