import uPlot from 'uplot';
import uPlotCss from 'uplot/dist/uPlot.min.css?inline';
import type { AlignedSeries } from '../../utils/history/chart-data';
import type { TimeRange } from '../../utils/history/chart-ranges';
import { uiLanguage } from '../../utils/i18n/ui-language';
import { axisSize, X_AXIS_SIZE } from './axis-text';
import { CHART_AXIS_COLOUR, CHART_GRID_COLOUR, type TimeChartSeries, type YScale } from './chart-series';
import {
  AXIS_FONT,
  logRange,
  numberLabels,
  timeLabels,
  WHOLE_INCREMENTS,
  xAxisTicks,
  Y_LABEL_MAX_SHARE,
  Y_TICK_DISTANCE,
  yAxisTicks,
} from './ticks';
import { isFlat, yRange } from './y-range';

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
const measured = new Map<string, number>();

/** A label's width in the axes' font, as the canvas draws it (ticks.ts's TextWidth). */
function textWidth(text: string): number {
  const known = measured.get(text);
  if (known !== undefined) return known;
  if (measuring === undefined) measuring = document.createElement('canvas').getContext('2d');
  if (!measuring) return text.length * AXIS_FONT_FALLBACK_WIDTH;
  measuring.font = AXIS_FONT;
  const width = measuring.measureText(text).width;
  // Labels are few (times, days, round numbers), but a chart open for days meets new ones.
  if (measured.size >= MEASURED_MAX) measured.clear();
  measured.set(text, width);
  return width;
}

/** The most label widths kept. */
const MEASURED_MAX = 2_000;
/** A character's width where no canvas measures (a wide digit of the 12 px font). */
const AXIS_FONT_FALLBACK_WIDTH = 8;

/**
 * What the axes saw last, for the tick rules (ticks.ts): each axis's length (uPlot passes it to
 * `space`, just before `splits`), the value of a flat series, and the y axis's width.
 */
interface AxisView {
  flat: number | null;
  xLength: number;
  yLength: number;
  yAxisWidth: number;
}

/** The y axis as wide as its widest label (uPlot's fixed 50 px cut "2,000,000" to "0,000"). */
function yAxisSize(axes: AxisView) {
  return (_plot: uPlot, values: string[] | null): number => {
    axes.yAxisWidth = axisSize((values ?? []).map(textWidth));
    return axes.yAxisWidth;
  };
}

function yScale(spec: ChartSpec, axes: AxisView): uPlot.Scale {
  const log = spec.yScale === 'log';
  return {
    ...(log ? { distr: 3, log: 10 } : {}),
    range: (_plot, min, max) => {
      axes.flat = isFlat(min, max) ? min : null;
      return log ? logRange(min, max) : yRange(min, max);
    },
  };
}

/** The widest a y label may be before its numbers go short. */
function maxLabelWidth(plot: uPlot): number {
  return plot.width * Y_LABEL_MAX_SHARE;
}

function options(container: HTMLElement, spec: ChartSpec, shown: { xRange?: TimeRange }): uPlot.Options {
  const view: AxisView = { flat: null, xLength: 0, yLength: 0, yAxisWidth: 0 };
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
        range: (_plot, min, max) => (shown.xRange ? [shown.xRange.from, shown.xRange.to] : [min, max]),
      },
      y: yScale(spec, view),
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
    // Ticks and labels by the rules of ticks.ts, for the room each axis has (issue 35).
    axes: [
      // As tall as its labels: uPlot's 50 px took 50 of a 120 px chart's height from the plot.
      {
        ...axisStyle,
        size: X_AXIS_SIZE,
        space: (_plot: uPlot, _axis: number, _min: number, _max: number, length: number) => {
          view.xLength = length;
          return Y_TICK_DISTANCE;
        },
        splits: (_plot: uPlot, _axis: number, from: number, to: number) =>
          xAxisTicks({
            length: view.xLength,
            from,
            to,
            locale: language,
            measure: textWidth,
            leftRoom: view.yAxisWidth,
          }).values,
        values: (_plot: uPlot, splits: number[]) => timeLabels(splits, language),
      },
      {
        ...axisStyle,
        size: yAxisSize(view),
        space: (_plot: uPlot, _axis: number, _min: number, _max: number, length: number) => {
          view.yLength = length;
          return Y_TICK_DISTANCE;
        },
        ...(spec.yScale === 'count' ? { incrs: [...WHOLE_INCREMENTS] } : {}),
        splits: (plot: uPlot, _axis: number, min: number, max: number) =>
          yAxisTicks({
            length: view.yLength,
            min,
            max,
            flat: view.flat,
            scale: spec.yScale ?? 'linear',
            locale: language,
            measure: textWidth,
            maxLabelWidth: maxLabelWidth(plot),
          }).values,
        values: (plot: uPlot, splits: number[]) =>
          numberLabels(splits, language, textWidth, maxLabelWidth(plot)),
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
