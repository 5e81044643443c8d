import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axisSize, X_AXIS_SIZE } from '@/components/chart/axis-text';
import type { YScale } from '@/components/chart/chart-series';
import {
  AXIS_FONT,
  LABEL_GAP,
  LABEL_LINE,
  logRange,
  numberLabels,
  type Ticks,
  timeLabels,
  widestTimeLabels,
  xAxisTicks,
  Y_LABEL_MAX_SHARE,
  Y_TICK_DISTANCE,
  yAxisTicks,
} from '@/components/chart/ticks';
import { isFlat, yRange } from '@/components/chart/y-range';
import { CHART_RANGES, type ChartRangeName, chartRange } from '@/utils/history/chart-ranges';
import { FONT_TABLE, fontWidth } from './font-widths';

/** The five catalogues' languages, as the browser reports them (locales/). */
const LOCALES = ['en', 'de', 'es', 'fr', 'pt-BR'] as const;
/** The popup is 380 px wide; the side panel 320 to 400 px. */
const WIDTHS = [320, 380, 400] as const;
const SCALES: readonly YScale[] = ['linear', 'count', 'log'];
const NOW = new Date(2026, 2, 29, 15, 37).getTime();

/** Every chart drawn through TimeChart: its height and values like its real ones. */
const CHARTS = [
  { name: 'online players', height: 140, steep: [9_812, 12_345], flat: 12_345 },
  { name: 'saved search price', height: 140, steep: [1_200, 1_450_000], flat: 1_000 },
  { name: 'player kills', height: 120, steep: [3_012, 3_120], flat: 3_120 },
  { name: 'player balance', height: 120, steep: [1_234_567.89, 2_345_678.5], flat: 1_000_000 },
  { name: 'player playtime hours', height: 120, steep: [123.4, 131.9], flat: 0.5 },
] as const;

interface Laid {
  y: Ticks;
  yPositions: number[];
  x: Ticks;
  xPositions: number[];
  xLength: number;
  yAxisWidth: number;
}

/** The axes as draw-chart.ts has uPlot lay them out: y first, its width, then x in what is left. */
function layOut(
  width: number,
  height: number,
  scale: YScale,
  [low, high]: readonly number[],
  locale: string,
  range: ChartRangeName,
): Laid {
  const [min, max] =
    scale === 'log' ? logRange(low as number, high as number) : yRange(low as number, high as number);
  const length = height - X_AXIS_SIZE;
  const y = yAxisTicks({
    length,
    min,
    max,
    flat: isFlat(low as number, high as number) ? (low as number) : null,
    scale,
    locale,
    measure: fontWidth,
    maxLabelWidth: width * Y_LABEL_MAX_SHARE,
  });
  const yPositions = y.values.map((v) =>
    scale === 'log'
      ? ((Math.log10(v) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))) * length
      : ((v - min) / (max - min)) * length,
  );
  const yAxisWidth = axisSize(y.labels.map(fontWidth));
  const xLength = width - yAxisWidth;
  const { from, to } = chartRange(range, NOW);
  const x = xAxisTicks({ length: xLength, from, to, locale, measure: fontWidth, leftRoom: yAxisWidth });
  const xPositions = x.values.map((ms) => ((ms - from) / (to - from)) * xLength);
  return { y, yPositions, x, xPositions, xLength, yAxisWidth };
}

/** What is wrong with a laid-out chart: labels closer than the gap, repeated, cut at an edge. */
function problems(laid: Laid): string[] {
  const found: string[] = [];
  const { y, yPositions, x, xPositions, xLength, yAxisWidth } = laid;
  if (y.values.length === 0) found.push('no y label');
  if (x.values.length < 2) found.push(`${x.values.length} x labels`);
  if (new Set(y.labels).size !== y.labels.length) found.push(`y repeats: ${y.labels.join(' / ')}`);
  if (new Set(x.labels).size !== x.labels.length) found.push(`x repeats: ${x.labels.join(' ')}`);
  yPositions.forEach((p, i) => {
    const before = yPositions[i - 1];
    // Label boxes LABEL_LINE high, centred on their ticks, LABEL_GAP apart.
    if (before !== undefined && Math.abs(p - before) < LABEL_LINE + LABEL_GAP)
      found.push(`y ${y.labels[i - 1]} and ${y.labels[i]} ${Math.abs(p - before).toFixed(1)} px apart`);
  });
  const boxes = x.labels.map((label, i) => {
    const half = fontWidth(label) / 2;
    return [(xPositions[i] as number) - half, (xPositions[i] as number) + half] as const;
  });
  boxes.forEach(([left, right], i) => {
    const before = boxes[i - 1];
    if (before && left - before[1] < LABEL_GAP)
      found.push(`x "${x.labels[i - 1]}" and "${x.labels[i]}" ${(left - before[1]).toFixed(1)} px apart`);
    if (left < -yAxisWidth || right > xLength) found.push(`x "${x.labels[i]}" cut at an edge`);
  });
  return found;
}

describe('the width table is of the charts font', () => {
  it('was measured in the font the axes are drawn in (regenerate with scripts/chart-font/widths.ts)', () => {
    expect(FONT_TABLE.font).toBe(AXIS_FONT);
    expect(fontWidth('12,345')).toBeGreaterThan(fontWidth('1,234'));
  });
});

describe('ticks at every size, in every language (issue 35)', () => {
  for (const chart of CHARTS)
    it(`${chart.name}: no two labels closer than the gap, none repeated, none cut`, () => {
      const found: string[] = [];
      for (const width of WIDTHS)
        for (const locale of LOCALES)
          for (const scale of SCALES)
            for (const [shape, values] of [
              ['steep', chart.steep],
              ['flat', [chart.flat, chart.flat]],
            ] as const)
              for (const range of Object.keys(CHART_RANGES) as ChartRangeName[])
                for (const problem of problems(layOut(width, chart.height, scale, values, locale, range)))
                  found.push(`${width} px ${locale} ${scale} ${shape} ${range}: ${problem}`);
      expect(found).toEqual([]);
    });
});

describe('y labels', () => {
  const wide = 400 * Y_LABEL_MAX_SHARE;
  it('writes a number in full where it fits: 12,345 online is not "12.345K"', () => {
    expect(numberLabels([12_345], 'en', fontWidth, wide)).toEqual(['12,345']);
    expect(numberLabels([12_345], 'de', fontWidth, wide)).toEqual(['12.345']);
  });

  it('goes short, with sensible digits, only where the full number does not fit', () => {
    expect(numberLabels([1_234_567], 'en', fontWidth, 40)).toEqual(['1.23M']);
    expect(numberLabels([12_345, 12_400], 'en', fontWidth, 30)).toEqual(['12.3K', '12.4K']);
    expect(numberLabels([0, 500_000, 1_000_000], 'en', fontWidth, 30)).toEqual(['0', '500K', '1M']);
  });

  it('keeps more digits rather than repeat a label, and the full form if no short one differs', () => {
    expect(numberLabels([12_340, 12_345], 'en', fontWidth, 30)).toEqual(['12.34K', '12.35K']);
    expect(numberLabels([2_000_000, 2_000_001], 'en', fontWidth, 30)).toEqual(['2,000,000', '2,000,001']);
  });

  it('keeps the decimals a small value needs, in the language', () => {
    expect(numberLabels([2, 2.5, 3], 'de', fontWidth, wide)).toEqual(['2', '2,5', '3']);
    expect(numberLabels([0.125, 0.25], 'fr', fontWidth, wide)).toEqual(['0,125', '0,25']);
  });

  it('labels a flat series once, at its value, on a log scale too (not "1000 / 0 / 0 / 0 / 0")', () => {
    const [min, max] = logRange(1_000, 1_000);
    const ticks = yAxisTicks({
      length: 108,
      min,
      max,
      flat: 1_000,
      scale: 'log',
      locale: 'de',
      measure: fontWidth,
      maxLabelWidth: 380 * Y_LABEL_MAX_SHARE,
    });
    expect(ticks).toEqual({ values: [1_000], labels: ['1.000'] });
  });

  it('labels only powers and steps a log axis writes differently', () => {
    const [min, max] = logRange(1_200, 1_450_000);
    const ticks = yAxisTicks({
      length: 108,
      min,
      max,
      flat: null,
      scale: 'log',
      locale: 'en',
      measure: fontWidth,
      maxLabelWidth: 380 * Y_LABEL_MAX_SHARE,
    });
    expect(ticks.values).toEqual([1_000, 10_000, 100_000, 1_000_000]);
    expect(new Set(ticks.labels).size).toBe(4);
  });
});

describe('x labels', () => {
  it('spaces time labels by the widest the locale writes (12-hour clocks are wider)', () => {
    expect(widestTimeLabels('en', fontWidth).time).toBeGreaterThan(widestTimeLabels('de', fontWidth).time);
  });

  it('never lets "02:00 PM03:00 PM04:00 PM" touch at 380 px beside a wide y axis', () => {
    const from = new Date(2026, 2, 20, 13, 10).getTime();
    const to = new Date(2026, 2, 20, 17, 50).getTime();
    const length = 380 - axisSize([fontWidth('2,000,000')]);
    const ticks = xAxisTicks({ length, from, to, locale: 'en', measure: fontWidth, leftRoom: 380 - length });
    expect(ticks.values.length).toBeGreaterThanOrEqual(2);
    const at = (ms: number) => ((ms - from) / (to - from)) * length;
    for (let i = 1; i < ticks.values.length; i++) {
      const room = at(ticks.values[i] as number) - at(ticks.values[i - 1] as number);
      const half = (fontWidth(ticks.labels[i] ?? '') + fontWidth(ticks.labels[i - 1] ?? '')) / 2;
      expect(room - half).toBeGreaterThanOrEqual(LABEL_GAP);
    }
  });

  it('writes times of day, and the day at midnight, in the language', () => {
    const noon = new Date(2025, 0, 15, 12, 0).getTime();
    const midnight = new Date(2025, 0, 16, 0, 0).getTime();
    expect(timeLabels([noon, midnight], 'de')).toEqual(['12:00', '16. Jan.']);
  });
});

/** Values a chart shows: 0, or at least a thousandth (no denormals). */
const sensible = (value: number) => value === 0 || Math.abs(value) >= 1e-3;

describe('ticks over any range (property)', () => {
  it('y: inside the range, Y_TICK_DISTANCE apart, never repeated', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e12, noNaN: true }).filter(sensible),
        fc.double({ min: 0, max: 1e12, noNaN: true }).filter(sensible),
        fc.constantFrom(...SCALES),
        fc.constantFrom(...LOCALES),
        fc.integer({ min: 60, max: 400 }),
        fc.constantFrom(...WIDTHS),
        (low, spread, scale, locale, length, width) => {
          const base = scale === 'log' ? Math.max(1e-3, Math.abs(low)) : low;
          const high = base + spread;
          const [min, max] = scale === 'log' ? logRange(base, high) : yRange(base, high);
          const ticks = yAxisTicks({
            length,
            min,
            max,
            flat: isFlat(base, high) ? base : null,
            scale,
            locale,
            measure: fontWidth,
            maxLabelWidth: width * Y_LABEL_MAX_SHARE,
          });
          expect(ticks.values.length).toBeGreaterThanOrEqual(1);
          expect(new Set(ticks.labels).size).toBe(ticks.labels.length);
          const at = (v: number) =>
            scale === 'log' && min > 0
              ? ((Math.log10(v) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))) * length
              : ((v - min) / (max - min)) * length;
          for (const [i, v] of ticks.values.entries()) {
            // A hair outside, as rounding puts 0 at -2e-19: yTicks keeps such a tick.
            const hair = (max - min) * 1e-6;
            expect(v).toBeGreaterThanOrEqual(min - hair);
            expect(v).toBeLessThanOrEqual(max + hair);
            const before = ticks.values[i - 1];
            if (before !== undefined)
              expect(at(v) - at(before)).toBeGreaterThanOrEqual(Y_TICK_DISTANCE - 1e-6);
          }
        },
      ),
    );
  });

  it('x: labels LABEL_GAP apart, inside the chart, never repeated', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2028, 0, 1) }),
        fc.integer({ min: 10 * 60_000, max: 90 * 86_400_000 }),
        fc.constantFrom(...LOCALES),
        fc.integer({ min: 200, max: 360 }),
        (from, span, locale, length) => {
          const to = from + span;
          const ticks = xAxisTicks({ length, from, to, locale, measure: fontWidth });
          expect(new Set(ticks.labels).size).toBe(ticks.labels.length);
          const at = (ms: number) => ((ms - from) / span) * length;
          for (const [i, ms] of ticks.values.entries()) {
            const half = fontWidth(ticks.labels[i] ?? '') / 2;
            expect(at(ms) - half).toBeGreaterThanOrEqual(-1e-6);
            expect(at(ms) + half).toBeLessThanOrEqual(length + 1e-6);
            const before = ticks.values[i - 1];
            if (before === undefined) continue;
            const halves = half + fontWidth(ticks.labels[i - 1] ?? '') / 2;
            expect(at(ms) - at(before) - halves).toBeGreaterThanOrEqual(LABEL_GAP - 1e-6);
          }
        },
      ),
    );
  });
});
