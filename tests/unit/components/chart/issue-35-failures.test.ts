import { beforeEach, describe, expect, it, vi } from 'vitest';
import { drawChart } from '@/components/chart/draw-chart';
import { LABEL_GAP } from '@/components/chart/ticks';
import type { AlignedSeries } from '@/utils/history/chart-data';
import { speak } from '../../../fixtures/catalogues';
import { fontWidth } from './font-widths';
import { FakeUPlot } from './uplot-fake';

/**
 * The three failures issue 35 saw in the popup, through the chart component's own axis options
 * (draw-chart.ts) as uPlot calls them, measured with the real font's widths.
 */
vi.mock('uplot', async () => ({ default: (await import('./uplot-fake')).FakeUPlot }));
vi.mock('uplot/dist/uPlot.min.css?inline', () => ({ default: '.uplot {}' }));

type Callback<R> = (plot: unknown, axis: number, min: number, max: number, length: number) => R;
interface Axis {
  space: Callback<number>;
  splits: Callback<number[]>;
  values: (plot: unknown, splits: number[]) => string[];
  size: (plot: unknown, values: string[]) => number;
}
interface Options {
  scales: { y: { range: (plot: unknown, min: number, max: number) => [number, number] } };
  axes: [Axis, Axis];
}

const DATA: AlignedSeries = [new Float64Array([0, 60_000]), [1, 2]];

function chart(width: number, yScale: 'linear' | 'count' | 'log') {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { configurable: true, get: () => width });
  document.body.append(element);
  drawChart(element, { data: DATA, series: [{ name: 'x', colour: '--c' }], height: 140, yScale });
  const plot = FakeUPlot.instances.at(-1) as FakeUPlot;
  return { plot, options: plot.opts as unknown as Options };
}

/** The y labels uPlot would draw for points from `low` to `high` on a plot `length` px high. */
function yLabels({ plot, options }: ReturnType<typeof chart>, low: number, high: number, length = 108) {
  const [min, max] = options.scales.y.range(plot, low, high);
  options.axes[1].space(plot, 1, min, max, length);
  return options.axes[1].values(plot, options.axes[1].splits(plot, 1, min, max, length));
}

describe('issue 35: the charts at the popup size', () => {
  beforeEach(() => {
    FakeUPlot.instances = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    // The canvas measures in the charts' font as Chromium does (happy-dom has no canvas).
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      font: '',
      measureText: (text: string) => ({ width: fontWidth(text) }),
    } as unknown as CanvasRenderingContext2D);
  });

  it('a flat series on a log scale, in German, is labelled once ("1.000"), not "1000 / 0 / 0 / 0 / 0"', async () => {
    await speak('de');
    const labels = yLabels(chart(380, 'log'), 1_000, 1_000);
    expect(labels).toEqual(['1.000']);
  });

  it('the online count of 12,345 reads "12,345", not "12.345K"', () => {
    const drawn = chart(380, 'count');
    expect(drawn.options.axes[1].values(drawn.plot, [12_345])).toEqual(['12,345']);
    expect(yLabels(drawn, 12_345, 12_345)).toEqual(['12,345']);
    const steep = yLabels(chart(380, 'count'), 12_100, 12_345);
    expect(steep.some((label) => label.includes('K'))).toBe(false);
    expect(new Set(steep).size).toBe(steep.length);
  });

  it('at 380 px beside a wide y axis the time labels keep a gap ("02:00 PM03:00 PM04:00 PM" no more)', () => {
    const { plot, options } = chart(380, 'linear');
    const yWidth = options.axes[1].size(plot, ['1,999,999.5']);
    expect(yWidth).toBeGreaterThan(80);
    const from = new Date(2026, 2, 20, 13, 10).getTime();
    const to = new Date(2026, 2, 20, 17, 50).getTime();
    const length = 380 - yWidth;
    options.axes[0].space(plot, 0, from, to, length);
    const splits = options.axes[0].splits(plot, 0, from, to, length);
    const labels = options.axes[0].values(plot, splits);
    expect(labels.length).toBeGreaterThanOrEqual(2);
    const at = (ms: number) => ((ms - from) / (to - from)) * length;
    for (let i = 1; i < splits.length; i++) {
      const halves = (fontWidth(labels[i] ?? '') + fontWidth(labels[i - 1] ?? '')) / 2;
      expect(at(splits[i] as number) - at(splits[i - 1] as number) - halves).toBeGreaterThanOrEqual(
        LABEL_GAP,
      );
    }
  });
});
