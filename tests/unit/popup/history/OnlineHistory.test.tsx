import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Header } from '@/entrypoints/popup/Header';
import { historyTimeFormatter } from '@/entrypoints/popup/history/history-time';
import { speak } from '@/tests/fixtures/catalogues';
import { fakeBackground, ok } from '@/tests/fixtures/players';
import { askBackground } from '@/utils/ask-background';
import { MINUTE_MS } from '@/utils/history/history-limits';
import { pageHistoryStore } from '@/utils/history/page-history';
import { FakeUPlot } from '../../components/chart/uplot-fake';
import { freshIndexedDb } from '../../utils/history/history-fixtures';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
vi.mock('uplot', async () => ({ default: (await import('../../components/chart/uplot-fake')).FakeUPlot }));
vi.mock('uplot/dist/uPlot.min.css?inline', () => ({ default: '.uplot {}' }));
const ask = vi.mocked(askBackground);

function openHistory() {
  render(<Header configured />);
  return screen.findByRole('button', { name: '1,234 online' });
}

describe('online history, opened from the header count', () => {
  beforeAll(() => {
    // One database for the file: the page keeps one connection (page-history.ts).
    freshIndexedDb();
  });
  beforeEach(() => {
    fakeBrowser.reset();
    fakeBackground(ask, { 'players-count': () => ok({ online: 1234 }) });
  });
  afterEach(cleanup);

  it('says there is no data yet before any count was recorded', async () => {
    const count = await openHistory();
    expect(count.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(count);
    const region = await screen.findByRole('region', { name: 'Online history' });
    expect(count.getAttribute('aria-expanded')).toBe('true');
    expect(await within(region).findByText(/^No data yet\./)).toBeTruthy();
  });

  it('shows min, max and now in words; collects first, then a labelled chart with whole-number ticks', async () => {
    const store = pageHistoryStore();
    const now = Date.now();
    await store.recordOnlineCount(300, now - 3 * MINUTE_MS);
    await store.recordOnlineCount(100, now - 2 * MINUTE_MS);
    await store.recordOnlineCount(250, now - MINUTE_MS);
    await store.recordOnlineCount(900, now - 3 * 24 * 60 * MINUTE_MS);

    fireEvent.click(await openHistory());
    const region = await screen.findByRole('region', { name: 'Online history' });
    // Three counts within three minutes: no line on a day's axis yet, the figures in words.
    expect(
      await within(region).findByText(/^Collecting data: the chart appears after a few checks/),
    ).toBeTruthy();
    expect(within(region).getByText(/^Min 100, max 300, now 250/)).toBeTruthy();
    expect(within(region).queryByRole('img')).toBeNull();

    FakeUPlot.instances = [];
    fireEvent.click(within(region).getByRole('button', { name: '7 d' }));
    const chart = await within(region).findByRole('img');
    expect(chart.getAttribute('aria-label')).toMatch(
      /^Online players, last 7 days\. Min 100, max 900, now 250 \(at .+\)\.$/,
    );
    expect(within(region).getByText(/^Min 100, max 900, now 250/)).toBeTruthy();
    expect(within(region).getByRole('button', { name: '7 d' }).getAttribute('aria-pressed')).toBe('true');
    // The three-day silence is a gap, said in words.
    expect(
      within(region).getByText(
        /^No data from .+ to .+\. The browser was closed, the computer asleep or idle/,
      ),
    ).toBeTruthy();
    // Players come whole: the y axis never ticks at "75.5".
    await waitFor(() => expect(FakeUPlot.instances).toHaveLength(1));
    const axes = (FakeUPlot.instances[0] as FakeUPlot).opts.axes as Array<{ incrs?: number[] }>;
    expect(axes[1]?.incrs?.every(Number.isInteger)).toBe(true);

    fireEvent.click(within(region).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Online history' })).toBeNull();
  });
});

describe('online history in other languages', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    fakeBackground(ask, { 'players-count': () => ok({ online: 1234 }) });
  });
  afterEach(cleanup);

  it('names the region, the ranges and the buttons in German', async () => {
    await speak('de');
    render(<Header configured />);
    const count = await screen.findByRole('button', { name: '1.234 online' });
    expect(count.getAttribute('title')).toBe('Online-Verlauf anzeigen');
    fireEvent.click(count);
    const region = await screen.findByRole('region', { name: 'Online-Verlauf' });
    expect(within(region).getByRole('button', { name: '7 T' }).getAttribute('title')).toBe(
      'Die letzten 7 Tage zeigen',
    );
    expect(within(region).getByRole('group', { name: 'Zeitraum' })).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('region', { name: 'Online-Verlauf' })).toBeNull();
  });

  it('formats the times in the UI language', async () => {
    await speak('de');
    const time = Date.UTC(2025, 0, 15, 12, 0);
    expect(historyTimeFormatter('7d')(time)).toBe(
      new Intl.DateTimeFormat('de', {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }).format(time),
    );
    expect(historyTimeFormatter('7d')(time)).toContain('Jan.');
  });
});
