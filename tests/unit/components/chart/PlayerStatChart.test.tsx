import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlayerStatChart } from '@/components/chart/PlayerStatChart';
import { playerStatChart } from '@/components/chart/player-stat-series';
import { DAY_MS, HOUR_MS } from '@/utils/history/history-limits';
import { snapshot } from '../../utils/history/history-fixtures';
import { FakeUPlot } from './uplot-fake';

vi.mock('uplot', async () => ({ default: (await import('./uplot-fake')).FakeUPlot }));
vi.mock('uplot/dist/uPlot.min.css?inline', () => ({ default: '.uplot {}' }));

const NOW = Date.UTC(2025, 5, 10, 12, 0, 0);

describe('playerStatChart', () => {
  it('opens with the value held at the range start and carries the latest to now', () => {
    const rows = [
      snapshot(NOW - 9 * DAY_MS, { kills: 100 }),
      snapshot(NOW - 2 * DAY_MS, { kills: 110 }),
      snapshot(NOW - HOUR_MS, { kills: 150, statsMayLag: true }),
    ];
    const chart = playerStatChart(rows, 'kills', '7d', NOW);
    expect([...chart.data[0]]).toEqual([NOW - 7 * DAY_MS, NOW - 2 * DAY_MS, NOW]);
    // The lagging snapshot is left out of kills.
    expect(chart.data[1]).toEqual([100, 110, 110]);
    expect(chart.gaps).toEqual([]);
    // Balance is never lagging: that snapshot counts.
    expect(playerStatChart(rows, 'balance', '7d', NOW).data[0]).toHaveLength(4);
  });

  it('is empty without snapshots', () => {
    expect(playerStatChart([], 'kills', '7d', NOW).data[0]).toHaveLength(0);
  });
});

describe('PlayerStatChart', () => {
  afterEach(cleanup);

  it('labels the chart with the stat, the range and its figures', async () => {
    const rows = [snapshot(NOW - 3 * DAY_MS, { kills: 10 }), snapshot(NOW - DAY_MS, { kills: 22 })];
    render(<PlayerStatChart snapshots={rows} stat="kills" now={NOW} formatTime={() => 'then'} />);
    const chart = await screen.findByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(
      'Kills, last 7 days. Lowest 10, highest 22, latest 22 at then.',
    );
  });

  it('says there is no data yet for a player never snapshotted', () => {
    render(<PlayerStatChart snapshots={[]} stat="deaths" now={NOW} formatTime={String} />);
    expect(screen.getByText(/^No data yet\./)).toBeTruthy();
  });

  it('is at least 120 px tall, titled above, a step line with whole-number ticks for a count', async () => {
    FakeUPlot.instances = [];
    const rows = [snapshot(NOW - 3 * DAY_MS, { kills: 75 }), snapshot(NOW - DAY_MS, { kills: 76 })];
    render(<PlayerStatChart snapshots={rows} stat="kills" now={NOW} formatTime={() => 'then'} />);
    const chart = await screen.findByRole('img');
    expect(Number.parseFloat(chart.style.minBlockSize)).toBeGreaterThanOrEqual(120);
    const title = screen.getByText('Kills, last 7 days');
    expect(title.compareDocumentPosition(chart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(FakeUPlot.instances).toHaveLength(1));
    const opts = FakeUPlot.instances[0]?.opts as unknown as {
      height: number;
      axes: Array<{ incrs?: number[] }>;
      series: Array<{ paths?: unknown }>;
    };
    expect(opts.height).toBeGreaterThanOrEqual(120);
    expect(opts.axes[1]?.incrs?.every(Number.isInteger)).toBe(true);
    expect(opts.series[1]?.paths).toBeDefined();
  });

  it('lets the balance tick at fractions', async () => {
    FakeUPlot.instances = [];
    const rows = [
      snapshot(NOW - 3 * DAY_MS, { balance: 2_000_000 }),
      snapshot(NOW - DAY_MS, { balance: 2_000_001.5 }),
    ];
    render(<PlayerStatChart snapshots={rows} stat="balance" now={NOW} formatTime={() => 'then'} />);
    await waitFor(() => expect(FakeUPlot.instances).toHaveLength(1));
    expect(
      ((FakeUPlot.instances[0] as FakeUPlot).opts.axes as Array<{ incrs?: number[] }>)[1]?.incrs,
    ).toBeUndefined();
  });
});
