import { useEffect, useRef, useState } from 'preact/hooks';
import type { AlignedSeries } from '../../utils/history/chart-data';
import type { TimeRange } from '../../utils/history/chart-ranges';
import { t } from '../../utils/i18n/translate';
import { Spinner } from '../Spinner';
import type { TimeChartSeries } from './chart-series';
import type { DrawnChart } from './draw-chart';
import './time-chart.css';

export interface TimeChartProps {
  /** From chartData (utils/history/chart-data.ts); null while the history is being read. */
  data: AlignedSeries | null;
  series: readonly TimeChartSeries[];
  /** What the chart shows: "Online players, last 24 hours". */
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
}

export const DEFAULT_CHART_HEIGHT = 160;

type DrawState = 'loading' | 'drawn' | 'failed';

/** uPlot only arrives with the first chart drawn (see draw-chart.ts). */
const loadDrawChart = () => import('./draw-chart');

/**
 * A time-series chart with its figures in words: the canvas is one image to assistive
 * technology (`role="img"`, labelled with the summary), and the summary is visible beside
 * it for everyone.
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
}: TimeChartProps) {
  const plotRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<DrawnChart | null>(null);
  const [drawState, setDrawState] = useState<DrawState>('loading');
  // What the chart should show when uPlot arrives, whatever changed while it loaded.
  const latest = useRef({ data, series, xRange });
  latest.current = { data, series, xRange };

  const hasPoints = data !== null && data[0].length > 0;
  const seriesKey = series.map((line) => `${line.name}\n${line.colour}`).join('\n');

  // Drawn anew only when the lines or height change; new data goes through `update` below.
  useEffect(() => {
    const element = plotRef.current;
    if (!hasPoints || !element) return;
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
          height,
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
    };
  }, [hasPoints, seriesKey, height]);

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

  return (
    <figure class="time-chart">
      <div
        ref={plotRef}
        class="time-chart__plot"
        role="img"
        aria-label={`${label}. ${summary}`}
        aria-busy={drawState === 'loading' ? 'true' : undefined}
        style={{ minBlockSize: `${height}px` }}
      />
      <figcaption class="time-chart__summary">
        <span class="time-chart__label">{label}</span>
        <p>{summary}</p>
        {gapsNote && <p class="time-chart__note">{gapsNote}</p>}
        {drawState === 'failed' && <p class="time-chart__note">{t('card.chart.drawFailed')}</p>}
      </figcaption>
    </figure>
  );
}
