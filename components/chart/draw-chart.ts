import uPlot from 'uplot';
import uPlotCss from 'uplot/dist/uPlot.min.css?inline';
import type { AlignedSeries } from '../../utils/history/chart-data';
import type { TimeRange } from '../../utils/history/chart-ranges';
import { uiLanguage } from '../../utils/i18n/ui-language';
import {
  axisSize,
  numberAxisValues,
  timeAxisValues,
  WHOLE_INCREMENTS,
  X_AXIS_SIZE,
  Y_TICK_SPACE,
} from './axis-text';
import { CHART_AXIS_COLOUR, CHART_GRID_COLOUR, type TimeChartSeries, type YScale } from './chart-series';
import { isFlat, yRange, yTicks } from './y-range';

/**
 * The only module that touches uPlot: TimeChart imports it with `import()` when a chart
 * mounts, so no page pays for uPlot before it shows a chart.
 */

export interface ChartSpec {
  data: AlignedSeries;
  series: readonly TimeChartSeries[];
  /** The x axis spans this range (not just the points in it). */
  xRange?: TimeRange;
  height: number;
  /** Each value holds until the next point (prices, stats): a step line. Default: straight. */
  steps?: boolean;
  /** 'count': whole-number ticks; 'log': a log scale (series far apart); default linear. */
  yScale?: YScale;
  /** The point under the pointer (an index into `data`), null when the pointer leaves. */
  onCursor?: (index: number | null) => void;
}

export interface DrawnChart {
  update(data: AlignedSeries, xRange?: TimeRange): void;
  destroy(): void;
}

const DARK_SCHEME = '(prefers-color-scheme: dark)';
/** Used before the container has a width (in a hidden tab). */
const FALLBACK_WIDTH = 300;
/** The axes' font, set here so the y axis can be measured to fit its widest label. */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** uPlot's stylesheet, once per document or shadow root a chart is drawn in. */
const styledRoots = new WeakSet<Node>();

function addStyles(container: HTMLElement): void {
  const root = container.getRootNode();
  if (styledRoots.has(root)) return;
  styledRoots.add(root);
  const style = document.createElement('style');
  style.textContent = uPlotCss;
  (root instanceof ShadowRoot ? root : document.head).append(style);
}

function colour(container: HTMLElement, property: string): string {
  return getComputedStyle(container).getPropertyValue(property).trim() || 'currentColor';
}

let measuring: CanvasRenderingContext2D | null | undefined;

/** The y axis as wide as its widest label (uPlot's fixed 50 px cut "2,000,000" to "0,000"). */
function yAxisSize(_plot: uPlot, values: string[] | null): number {
  if (measuring === undefined) measuring = document.createElement('canvas').getContext('2d');
  if (!values || !measuring) return axisSize([]);
  measuring.font = AXIS_FONT;
  const context = measuring;
  return axisSize(values.map((label) => context.measureText(label).width));
}

/** What the y axis's range saw last: the value of a flat series, for its one tick. */
interface YView {
  flat: number | null;
}

function yScale(spec: ChartSpec, y: YView): uPlot.Scale {
  if (spec.yScale === 'log') return { distr: 3, log: 10 };
  return {
    range: (_plot, min, max) => {
      y.flat = isFlat(min, max) ? min : null;
      return yRange(min, max);
    },
  };
}

function options(container: HTMLElement, spec: ChartSpec, view: { xRange?: TimeRange }): uPlot.Options {
  const y: YView = { flat: null };
  const axis = colour(container, CHART_AXIS_COLOUR);
  const grid = { stroke: colour(container, CHART_GRID_COLOUR), width: 1 };
  const axisStyle = { stroke: axis, grid, ticks: grid, font: AXIS_FONT };
  const language = uiLanguage();
  const paths = spec.steps ? uPlot.paths.stepped?.({ align: 1 }) : undefined;
  const onCursor = spec.onCursor;
  return {
    width: container.clientWidth || FALLBACK_WIDTH,
    height: spec.height,
    // Times are milliseconds (utils/history/chart-data.ts).
    ms: 1,
    scales: {
      x: {
        time: true,
        range: (_plot, min, max) => (view.xRange ? [view.xRange.from, view.xRange.to] : [min, max]),
      },
      y: yScale(spec, y),
    },
    series: [
      {},
      ...spec.series.map((line) => ({
        label: line.name,
        stroke: colour(container, line.colour),
        width: 2,
        // Nulls are gaps (chart-data.ts puts them there): the line breaks.
        spanGaps: false,
        ...(paths ? { paths } : {}),
      })),
    ],
    axes: [
      // As tall as its labels: uPlot's 50 px took 50 of a 120 px chart's height from the plot.
      { ...axisStyle, values: timeAxisValues(language), size: X_AXIS_SIZE },
      {
        ...axisStyle,
        values: numberAxisValues(language),
        size: yAxisSize,
        space: Y_TICK_SPACE,
        ...(spec.yScale === 'count' ? { incrs: [...WHOLE_INCREMENTS] } : {}),
        ...(spec.yScale === 'log'
          ? {}
          : {
              splits: (_plot: uPlot, _axis: number, min: number, max: number, step: number) =>
                yTicks(min, max, step, y.flat),
            }),
      },
    ],
    // TimeChart writes the values under the crosshair in words (uPlot's legend is English).
    legend: { show: false },
    hooks: onCursor ? { setCursor: [(plot) => onCursor(plot.cursor.idx ?? null)] } : {},
  };
}

export function drawChart(container: HTMLElement, spec: ChartSpec): DrawnChart {
  addStyles(container);
  const view = { xRange: spec.xRange, data: spec.data };
  let plot = new uPlot(options(container, spec, view), view.data, container);

  // The colours are read once per drawing: draw again when the theme flips.
  const scheme = window.matchMedia(DARK_SCHEME);
  const redraw = () => {
    plot.destroy();
    plot = new uPlot(options(container, spec, view), view.data, container);
  };
  scheme.addEventListener('change', redraw);

  const resizes = new ResizeObserver(() => {
    const width = container.clientWidth;
    if (width > 0 && width !== plot.width) plot.setSize({ width, height: spec.height });
  });
  resizes.observe(container);

  return {
    update(data, xRange) {
      view.data = data;
      view.xRange = xRange;
      plot.setData(data);
    },
    destroy() {
      resizes.disconnect();
      scheme.removeEventListener('change', redraw);
      plot.destroy();
    },
  };
}
