import { act, cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimeChart, type TimeChartProps } from '@/components/chart/TimeChart';
import type { AlignedSeries } from '@/utils/history/chart-data';
import { HOUR_MS } from '@/utils/history/history-limits';
import type { FakeUPlot as FakeUPlotType } from './uplot-fake';

const mocked = vi.hoisted(() => ({
  uplotLoaded: vi.fn(),
  FakeUPlot: undefined as unknown as typeof FakeUPlotType,
}));

vi.mock('uplot', async () => {
  mocked.uplotLoaded();
  const { FakeUPlot } = await import('./uplot-fake');
  mocked.FakeUPlot = FakeUPlot;
  return { default: FakeUPlot };
});

// Vite refuses files outside the project root in tests (node_modules may be a link elsewhere).
vi.mock('uplot/dist/uPlot.min.css?inline', () => ({ default: '.uplot {}' }));

// Three points over two hours: enough for a trend (TREND_RULE).
const POINTS: AlignedSeries = [new Float64Array([0, HOUR_MS, 2 * HOUR_MS]), [3, 5, 4]];
const EMPTY: AlignedSeries = [new Float64Array(0), []];

function props(overrides: Partial<TimeChartProps> = {}): TimeChartProps {
  return {
    data: POINTS,
    series: [{ name: 'Online', colour: '--chart-series-1' }],
    label: 'Online players, last 24 hours',
    summary: 'Lowest 3, highest 5, latest 4 at 00:02.',
    emptyHint: 'The count is recorded each time the badge updates.',
    ...overrides,
  };
}

function instances(): FakeUPlotType[] {
  return mocked.FakeUPlot?.instances ?? [];
}

describe('TimeChart', () => {
  beforeEach(() => {
    if (mocked.FakeUPlot) mocked.FakeUPlot.instances = [];
  });
  afterEach(cleanup);

  // First in the file: the module registry keeps uPlot once any test has loaded it.
  it('loads uPlot only when a chart with points mounts', async () => {
    render(<TimeChart {...props({ data: null })} />);
    render(<TimeChart {...props({ data: EMPTY })} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(mocked.uplotLoaded).not.toHaveBeenCalled();

    render(<TimeChart {...props()} />);
    await waitFor(() => expect(instances()).toHaveLength(1));
    expect(mocked.uplotLoaded).toHaveBeenCalledOnce();
    expect(instances()[0]?.target).toBe(screen.getByRole('img'));
  });

  it('says it is loading while the history is read', () => {
    const { container } = render(<TimeChart {...props({ data: null })} />);
    expect(screen.getByRole('status').textContent).toBe('Loading history…');
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says there is no data yet, and what fills it, without drawing', async () => {
    render(<TimeChart {...props({ data: EMPTY })} />);
    expect(screen.getByText(/^No data yet\./).textContent).toBe(
      'No data yet. The count is recorded each time the badge updates.',
    );
    expect(screen.getByText('Online players, last 24 hours')).not.toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(instances()).toHaveLength(0);
  });

  it('labels the chart with its summary and shows the summary and gaps in text', async () => {
    render(<TimeChart {...props({ gapsNote: 'No data from 14:00 to 18:30.' })} />);
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(
      'Online players, last 24 hours. Lowest 3, highest 5, latest 4 at 00:02.',
    );
    expect(screen.getByText('Lowest 3, highest 5, latest 4 at 00:02.')).not.toBeNull();
    expect(screen.getByText('No data from 14:00 to 18:30.')).not.toBeNull();
    expect(chart.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(chart.getAttribute('aria-busy')).toBeNull());
  });

  it('gives new data to the same chart, and destroys it on unmount', async () => {
    const { rerender, unmount } = render(<TimeChart {...props()} />);
    await waitFor(() => expect(instances()).toHaveLength(1));
    const plot = instances()[0] as FakeUPlotType;
    const next: AlignedSeries = [new Float64Array([0, HOUR_MS, 3 * HOUR_MS]), [1, 2, 2]];
    rerender(<TimeChart {...props({ data: next })} />);
    expect(plot.setData).toHaveBeenCalledWith(next);
    expect(instances()).toHaveLength(1);
    unmount();
    // Preact runs effect cleanups after paint.
    await waitFor(() => expect(plot.destroy).toHaveBeenCalledOnce());
  });

  it('draws anew when the lines change', async () => {
    const { rerender } = render(<TimeChart {...props()} />);
    await waitFor(() => expect(instances()).toHaveLength(1));
    rerender(
      <TimeChart
        {...props({
          series: [
            { name: 'Lowest', colour: '--chart-series-1' },
            { name: 'Median', colour: '--chart-series-2' },
          ],
          data: [new Float64Array([0, HOUR_MS, 2 * HOUR_MS]), [1, 1, 1], [2, 2, 2]],
        })}
      />,
    );
    await waitFor(() => expect(instances()).toHaveLength(2));
    expect(instances()[0]?.destroy).toHaveBeenCalledOnce();
  });

  it('keeps the figures and says so when the chart cannot be drawn', async () => {
    await import('uplot');
    (mocked.FakeUPlot as typeof FakeUPlotType).failNext = true;
    render(<TimeChart {...props()} />);
    expect(
      await screen.findByText('The chart could not be drawn; the figures above are still right.'),
    ).not.toBeNull();
    expect(screen.getByText('Lowest 3, highest 5, latest 4 at 00:02.')).not.toBeNull();
  });

  it('says it is collecting data, with the figures, until the points show a trend', async () => {
    // One point, then three within minutes: a vertical line on a day's axis, so no chart.
    const { rerender } = render(<TimeChart {...props({ data: [new Float64Array([0]), [3]] })} />);
    expect(
      screen.getByText('Collecting data: the chart appears after a few checks, over at least an hour.'),
    ).not.toBeNull();
    expect(screen.getByText('Lowest 3, highest 5, latest 4 at 00:02.')).not.toBeNull();
    rerender(<TimeChart {...props({ data: [new Float64Array([0, 60_000, 120_000]), [3, 5, 4]] })} />);
    expect(screen.getByText(/^Collecting data:/)).not.toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(instances()).toHaveLength(0);

    rerender(<TimeChart {...props()} />);
    await waitFor(() => expect(instances()).toHaveLength(1));
    expect(screen.queryByText(/^Collecting data:/)).toBeNull();
  });

  it('puts the title above the chart', () => {
    render(<TimeChart {...props()} />);
    const title = screen.getByText('Online players, last 24 hours');
    const chart = screen.getByRole('img');
    expect(title.compareDocumentPosition(chart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('reads the latest values above the chart, then the point under the crosshair, in words', async () => {
    const formatTime = new Intl.DateTimeFormat('en', {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    const { container } = render(
      <TimeChart
        {...props({
          series: [
            { name: 'Lowest', colour: '--chart-series-1' },
            { name: 'Median', colour: '--chart-series-2' },
          ],
          data: [new Float64Array([0, HOUR_MS, 2 * HOUR_MS]), [1_500, 2, null], [3, 4, 5]],
        })}
      />,
    );
    const readout = container.querySelector('.time-chart__readout') as HTMLElement;
    expect(readout.textContent).toBe(`${formatTime.format(2 * HOUR_MS)}Lowest –Median 5`);
    await waitFor(() => expect(instances()).toHaveLength(1));
    const plot = instances()[0] as FakeUPlotType;
    // uPlot's own legend (English, "--" until hovered) is off.
    expect(plot.opts.legend).toEqual({ show: false });
    const hooks = plot.opts.hooks as { setCursor: Array<(chart: unknown) => void> };
    act(() => hooks.setCursor[0]?.({ cursor: { idx: 0 } }));
    expect(readout.textContent).toBe(`${formatTime.format(0)}Lowest 1,500Median 3`);
    act(() => hooks.setCursor[0]?.({ cursor: { idx: null } }));
    expect(readout.textContent).toBe(`${formatTime.format(2 * HOUR_MS)}Lowest –Median 5`);
  });

  it('draws a step line on the scale it is given', async () => {
    render(<TimeChart {...props({ steps: true, yScale: 'log' })} />);
    await waitFor(() => expect(instances()).toHaveLength(1));
    const opts = instances()[0]?.opts as unknown as {
      scales: { y: unknown };
      series: Array<{ paths?: unknown }>;
    };
    expect(opts.scales.y).toMatchObject({ distr: 3, log: 10 });
    expect(opts.series[1]?.paths).toBeDefined();
  });
});
