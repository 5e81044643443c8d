import { useEffect, useRef, useState } from 'preact/hooks';
import { formatNumber } from '../../utils/format';
import {
  type AlignedSeries,
  collectingData,
  TREND_RULE,
  type TrendRule,
} from '../../utils/history/chart-data';
import type { TimeRange } from '../../utils/history/chart-ranges';
import { t } from '../../utils/i18n/translate';
import { uiLanguage } from '../../utils/i18n/ui-language';
import { Spinner } from '../Spinner';
import { cursorTimeFormat } from './axis-text';
import type { TimeChartSeries, YScale } from './chart-series';
import type { DrawnChart } from './draw-chart';
import { readoutAt } from './readout';
import './time-chart.css';

export interface TimeChartProps {
  /** From chartData (utils/history/chart-data.ts); null while the history is being read. */
  data: AlignedSeries | null;
  series: readonly TimeChartSeries[];
  /** What the chart shows, its title above it: "Online players, last 24 hours". */
  label: string;
  /** The figures in words, from summarySentence (chart-text.ts). */
  summary: string;
  /** Where the line breaks and why, from gapsNote (chart-text.ts). */
  gapsNote?: string;
  /** Follows "No data yet." when there are no points: how the history fills up. */
  emptyHint: string;
  /** The span of the x axis (the whole range, not just its points). */
  xRange?: TimeRange;
  height?: number;
  /** Each value holds until the next point: a step line. */
  steps?: boolean;
  yScale?: YScale;
  /** The values under the crosshair; grouped numbers by default. */
  formatValue?: (value: number) => string;
  /** Until the points meet it the chart says it is collecting data (TREND_RULE by default). */
  trendRule?: TrendRule;
  /** What the chart says while collecting; '' when its page says it once for several charts. */
  collectingText?: string;
}

export const DEFAULT_CHART_HEIGHT = 160;
/** No chart is drawn lower: below this a line, its axis labels and ticks crowd each other. */
export const MIN_CHART_HEIGHT = 120;

type DrawState = 'loading' | 'drawn' | 'failed';

/** uPlot only arrives with the first chart drawn (see draw-chart.ts). */
const loadDrawChart = () => import('./draw-chart');

/**
 * A time-series chart with its figures in words: the title above, the values under the
 * crosshair (the latest ones until the pointer moves in) with each line's colour, the canvas
 * as one image to assistive technology (`role="img"`, labelled with the summary), and the
 * summary visible below it for everyone. Too few points for a trend: it says it is collecting.
 */
export function TimeChart({
  data,
  series,
  label,
  summary,
  gapsNote,
  emptyHint,
  xRange,
  height = DEFAULT_CHART_HEIGHT,
  steps = false,
  yScale = 'linear',
  formatValue = formatNumber,
  trendRule = TREND_RULE,
  collectingText,
}: TimeChartProps) {
  const plotRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<DrawnChart | null>(null);
  const [drawState, setDrawState] = useState<DrawState>('loading');
  const [cursor, setCursor] = useState<number | null>(null);
  // What the chart should show when uPlot arrives, whatever changed while it loaded.
  const latest = useRef({ data, series, xRange });
  latest.current = { data, series, xRange };

  const hasPoints = data !== null && data[0].length > 0;
  const collecting = data !== null && collectingData(data, trendRule);
  const drawable = hasPoints && !collecting;
  const plotHeight = Math.max(height, MIN_CHART_HEIGHT);
  const seriesKey = series.map((line) => `${line.name}\n${line.colour}`).join('\n');

  // Drawn anew only when the lines, scale or height change; new data goes through `update` below.
  useEffect(() => {
    const element = plotRef.current;
    if (!drawable || !element) return;
    let live = true;
    let chart: DrawnChart | undefined;
    setDrawState('loading');
    loadDrawChart()
      .then(({ drawChart }) => {
        const current = latest.current;
        if (!live || !current.data) return;
        chart = drawChart(element, {
          data: current.data,
          series: current.series,
          xRange: current.xRange,
          height: plotHeight,
          steps,
          yScale,
          onCursor: setCursor,
        });
        chartRef.current = chart;
        setDrawState('drawn');
      })
      .catch(() => {
        if (live) setDrawState('failed');
      });
    return () => {
      live = false;
      chart?.destroy();
      chartRef.current = null;
      setCursor(null);
    };
  }, [drawable, seriesKey, plotHeight, steps, yScale]);

  useEffect(() => {
    if (data && data[0].length > 0) chartRef.current?.update(data, xRange);
  }, [data, xRange]);

  if (data === null) {
    return (
      <div class="time-chart" aria-busy="true">
        <span class="time-chart__label">{label}</span>
        <Spinner label={t('card.chart.loading')} />
      </div>
    );
  }

  if (!hasPoints) {
    return (
      <div class="time-chart">
        <span class="time-chart__label">{label}</span>
        <p class="time-chart__empty">{t('card.chart.empty', { hint: emptyHint })}</p>
      </div>
    );
  }

  if (collecting) {
    return (
      <div class="time-chart">
        <span class="time-chart__label">{label}</span>
        {collectingText !== '' && (
          <p class="time-chart__empty">{collectingText ?? t('card.chart.collecting')}</p>
        )}
        <p class="time-chart__summary">{summary}</p>
      </div>
    );
  }

  const readout = readoutAt(data, cursor);
  const formatTime = cursorTimeFormat(uiLanguage());
  return (
    <figure class="time-chart">
      <figcaption class="time-chart__label">{label}</figcaption>
      <p class="time-chart__readout">
        {readout && <span class="time-chart__time">{formatTime(readout.time)}</span>}
        {series.map((line, i) => {
          const value = readout?.values[i] ?? null;
          return (
            <span key={line.name} class="time-chart__value">
              <span class="time-chart__swatch" style={{ background: `var(${line.colour})` }} />
              {t('card.chart.readoutValue', {
                name: line.name,
                value: value === null ? t('card.chart.noValue') : formatValue(value),
              })}
            </span>
          );
        })}
      </p>
      <div
        ref={plotRef}
        class="time-chart__plot"
        role="img"
        aria-label={`${label}. ${summary}`}
        aria-busy={drawState === 'loading' ? 'true' : undefined}
        style={{ minBlockSize: `${plotHeight}px` }}
      />
      <div class="time-chart__summary">
        <p>{summary}</p>
        {gapsNote && <p class="time-chart__note">{gapsNote}</p>}
        {drawState === 'failed' && <p class="time-chart__note">{t('card.chart.drawFailed')}</p>}
      </div>
    </figure>
  );
}
