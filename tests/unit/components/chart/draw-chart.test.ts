import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { X_AXIS_SIZE } from '@/components/chart/axis-text';
import { drawChart } from '@/components/chart/draw-chart';
import { logRange, Y_LABEL_MAX_SHARE, yAxisTicks } from '@/components/chart/ticks';
import { yRange } from '@/components/chart/y-range';
import type { AlignedSeries } from '@/utils/history/chart-data';
import { FakeUPlot } from './uplot-fake';

vi.mock('uplot', async () => ({ default: (await import('./uplot-fake')).FakeUPlot }));
// Vite refuses files outside the project root in tests (node_modules may be a link elsewhere).
vi.mock('uplot/dist/uPlot.min.css?inline', () => ({ default: '.uplot {}' }));

/** What draw-chart gives the tick rules in a 320 px chart here (happy-dom has no canvas). */
const Y_INPUT = {
  flat: null,
  scale: 'linear',
  locale: 'en',
  measure: (text: string) => text.length * 8,
  maxLabelWidth: 320 * Y_LABEL_MAX_SHARE,
} as const;

const DATA: AlignedSeries = [new Float64Array([0, 60_000]), [1, 2]];
const SERIES = [{ name: 'Online', colour: '--chart-series-1' }];

interface SeriesOptions {
  label?: string;
  stroke?: string;
  spanGaps?: boolean;
}

interface Options {
  width: number;
  height: number;
  ms: number;
  series: SeriesOptions[];
  axes: Array<{ stroke: string; grid: { stroke: string } }>;
  scales: { x: { range: (plot: unknown, min: number, max: number) => [number, number] } };
}

function optionsOf(plot: FakeUPlot | undefined): Options {
  return plot?.opts as unknown as Options;
}

/** A ResizeObserver the test fires by hand (happy-dom does no layout). */
class FakeResizeObserver {
  static last: FakeResizeObserver | undefined;
  observed: Element[] = [];
  disconnect = vi.fn();
  constructor(readonly callback: () => void) {
    FakeResizeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
}

/** A colour-scheme query the test flips by hand. */
function fakeScheme() {
  const listeners = new Set<() => void>();
  const query = {
    addEventListener: vi.fn((_type: string, listener: () => void) => listeners.add(listener)),
    removeEventListener: vi.fn((_type: string, listener: () => void) => listeners.delete(listener)),
  };
  vi.spyOn(window, 'matchMedia').mockReturnValue(query as unknown as MediaQueryList);
  const flip = () => {
    for (const listener of listeners) listener();
  };
  return { query, flip, listeners };
}

function container(width: number): HTMLDivElement {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { configurable: true, get: () => width });
  element.style.setProperty('--chart-series-1', 'rgb(1, 2, 3)');
  element.style.setProperty('--chart-axis', 'rgb(4, 5, 6)');
  element.style.setProperty('--chart-grid', 'rgb(7, 8, 9)');
  document.body.append(element);
  return element;
}

describe('drawChart', () => {
  beforeEach(() => {
    FakeUPlot.instances = [];
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  it('draws the data at the container width, in milliseconds, with colours from CSS properties', () => {
    fakeScheme();
    const element = container(320);
    drawChart(element, { data: DATA, series: SERIES, height: 150 });
    const plot = FakeUPlot.instances[0];
    expect(plot?.target).toBe(element);
    expect(plot?.data).toBe(DATA);
    const options = optionsOf(plot);
    expect(options).toMatchObject({ width: 320, height: 150, ms: 1 });
    expect(options.series[1]).toMatchObject({ label: 'Online', stroke: 'rgb(1, 2, 3)', spanGaps: false });
    expect(options.axes[0]).toMatchObject({ stroke: 'rgb(4, 5, 6)', grid: { stroke: 'rgb(7, 8, 9)' } });
  });

  it('spans the x axis over the whole range asked for, and follows a new one', () => {
    fakeScheme();
    const chart = drawChart(container(300), {
      data: DATA,
      series: SERIES,
      height: 100,
      xRange: { from: -5, to: 500 },
    });
    const plot = FakeUPlot.instances[0] as FakeUPlot;
    const range = optionsOf(plot).scales.x.range;
    expect(range(plot, 0, 60_000)).toEqual([-5, 500]);
    const next: AlignedSeries = [new Float64Array([1]), [3]];
    chart.update(next, { from: 10, to: 20 });
    expect(plot.setData).toHaveBeenCalledWith(next);
    expect(range(plot, 0, 60_000)).toEqual([10, 20]);
    chart.update(next);
    expect(range(plot, 0, 60_000)).toEqual([0, 60_000]);
  });

  it('adds the uPlot stylesheet once per document, and inside a shadow root when drawn there', () => {
    fakeScheme();
    const uPlotStyles = () =>
      [...document.head.querySelectorAll('style')].filter((s) => s.textContent === '.uplot {}');
    drawChart(container(300), { data: DATA, series: SERIES, height: 100 });
    drawChart(container(300), { data: DATA, series: SERIES, height: 100 });
    expect(uPlotStyles()).toHaveLength(1);

    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const inner = document.createElement('div');
    shadow.append(inner);
    drawChart(inner, { data: DATA, series: SERIES, height: 100 });
    expect(shadow.querySelectorAll('style')).toHaveLength(1);
    expect(uPlotStyles()).toHaveLength(1);
  });

  it('follows the container width', () => {
    fakeScheme();
    let width = 300;
    const element = container(300);
    Object.defineProperty(element, 'clientWidth', { configurable: true, get: () => width });
    drawChart(element, { data: DATA, series: SERIES, height: 120 });
    const plot = FakeUPlot.instances[0] as FakeUPlot;
    const observer = FakeResizeObserver.last as FakeResizeObserver;
    expect(observer.observed).toEqual([element]);
    observer.callback();
    expect(plot.setSize).not.toHaveBeenCalled();
    width = 250;
    observer.callback();
    expect(plot.setSize).toHaveBeenCalledWith({ width: 250, height: 120 });
    // Hidden (no width): keep the last size.
    width = 0;
    observer.callback();
    expect(plot.setSize).toHaveBeenCalledOnce();
  });

  it('draws again with the new colours when the colour scheme flips', () => {
    const scheme = fakeScheme();
    const element = container(300);
    drawChart(element, { data: DATA, series: SERIES, height: 100 });
    element.style.setProperty('--chart-series-1', 'rgb(200, 200, 255)');
    scheme.flip();
    expect(FakeUPlot.instances).toHaveLength(2);
    expect(FakeUPlot.instances[0]?.destroy).toHaveBeenCalledOnce();
    expect(optionsOf(FakeUPlot.instances[1]).series[1]?.stroke).toBe('rgb(200, 200, 255)');
  });

  it('lets go of everything when destroyed', () => {
    const scheme = fakeScheme();
    const chart = drawChart(container(300), { data: DATA, series: SERIES, height: 100 });
    chart.destroy();
    expect(FakeUPlot.instances[0]?.destroy).toHaveBeenCalledOnce();
    expect(FakeResizeObserver.last?.disconnect).toHaveBeenCalledOnce();
    expect(scheme.listeners.size).toBe(0);
  });

  it('ticks a count axis at whole numbers only, and leaves other axes to uPlot', () => {
    drawChart(container(320), { data: DATA, series: SERIES, height: 150, yScale: 'count' });
    const incrs = (optionsOf(FakeUPlot.instances[0]).axes[1] as { incrs?: number[] }).incrs ?? [];
    expect(incrs.slice(0, 6)).toEqual([1, 2, 5, 10, 20, 50]);
    expect(incrs.every(Number.isInteger)).toBe(true);
    drawChart(container(320), { data: DATA, series: SERIES, height: 150 });
    expect((optionsOf(FakeUPlot.instances[1]).axes[1] as { incrs?: number[] }).incrs).toBeUndefined();
  });

  it('sizes the y axis to its labels rather than a fixed 50 px', () => {
    drawChart(container(320), { data: DATA, series: SERIES, height: 150 });
    const axis = optionsOf(FakeUPlot.instances[0]).axes[1] as { size?: unknown };
    expect(typeof axis.size).toBe('function');
  });

  it('draws a step line when asked: each value holds until the next', () => {
    drawChart(container(320), { data: DATA, series: SERIES, height: 150, steps: true });
    expect(FakeUPlot.paths.stepped).toHaveBeenCalledWith({ align: 1 });
    expect((optionsOf(FakeUPlot.instances[0]).series[1] as { paths?: unknown }).paths).toEqual({
      stepped: { align: 1 },
    });
  });

  it('ranges a linear or count y axis over the shown points (not rounded out by uPlot, nor from 0), and a log axis over the points too', () => {
    for (const yScale of ['linear', 'count'] as const) {
      drawChart(container(320), { data: DATA, series: SERIES, height: 120, yScale });
      const options = FakeUPlot.instances.at(-1)?.opts as unknown as {
        scales: { y: { range?: (plot: unknown, min: number, max: number) => [number, number] } };
      };
      const range = options.scales.y.range;
      expect(range?.(null, 3_012, 3_120)).toEqual(yRange(3_012, 3_120));
    }
    drawChart(container(320), { data: DATA, series: SERIES, height: 120, yScale: 'log' });
    const log = FakeUPlot.instances.at(-1)?.opts as unknown as {
      scales: { y: { distr: number; range: (plot: unknown, min: number, max: number) => [number, number] } };
    };
    expect(log.scales.y.distr).toBe(3);
    expect(log.scales.y.range(null, 1_000, 1_000)).toEqual(logRange(1_000, 1_000));
  });

  it('ticks a flat series at its value alone, and any other at every step', () => {
    drawChart(container(320), { data: DATA, series: SERIES, height: 120, yScale: 'count' });
    const plot = FakeUPlot.instances[0] as FakeUPlot;
    const options = plot.opts as unknown as {
      scales: { y: { range: (plot: unknown, min: number, max: number) => [number, number] } };
      axes: Array<{
        space: (plot: unknown, axis: number, min: number, max: number, length: number) => number;
        splits: (plot: unknown, axis: number, min: number, max: number) => number[];
      }>;
    };
    const axis = options.axes[1];
    const [low, high] = options.scales.y.range(null, 3_120, 3_120);
    axis?.space(plot, 1, low, high, 88);
    expect(axis?.splits(plot, 1, low, high)).toEqual([3_120]);
    const [from, to] = options.scales.y.range(null, 3_012, 3_120);
    expect(axis?.splits(plot, 1, from, to)).toEqual([3_050, 3_100]);
  });

  it('keeps the x axis as tall as its labels, so the plot gets the chart height', () => {
    drawChart(container(320), { data: DATA, series: SERIES, height: 120 });
    const axis = optionsOf(FakeUPlot.instances[0]).axes[0] as { size?: number };
    expect(axis.size).toBe(X_AXIS_SIZE);
    expect(X_AXIS_SIZE).toBeLessThan(50);
  });

  it('ticks the y axis by the tick rules, for the height the plot has', () => {
    drawChart(container(320), { data: DATA, series: SERIES, height: 120 });
    const plot = FakeUPlot.instances[0] as FakeUPlot;
    const axis = optionsOf(plot).axes[1] as unknown as {
      space: (plot: unknown, axis: number, min: number, max: number, length: number) => number;
      splits: (plot: unknown, axis: number, min: number, max: number) => number[];
    };
    axis.space(plot, 1, 0, 100, 88);
    const ticks = axis.splits(plot, 1, 0, 100);
    expect(ticks).toEqual(yAxisTicks({ ...Y_INPUT, length: 88, min: 0, max: 100 }).values);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
  });
});
