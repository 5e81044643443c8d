import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HistorySection } from '@/entrypoints/options/HistorySection';
import { historyStoreSize } from '@/utils/history/history-size';
import { formatBytes, historySizeText } from '@/utils/history/history-size-text';
import { pageHistoryStore } from '@/utils/history/page-history';
import { STORES } from '@/utils/history/schema';
import { freshIndexedDb, player } from '../utils/history/history-fixtures';
import { unfoldAll } from './unfold';

describe('history size in words', () => {
  it('formats bytes in decimal units', () => {
    expect(formatBytes(900)).toBe('900 bytes');
    expect(formatBytes(12_345)).toBe('12 kB');
    expect(formatBytes(1_234_567)).toBe('1.2 MB');
  });

  it('says when nothing is stored, and counts rows otherwise', () => {
    const rows = { [STORES.onlineCounts]: 0, playerSnapshots: 0, pricePoints: 0, listings: 0 };
    expect(historySizeText({ rows, approxBytes: 0 })).toBe('No history stored yet.');
    expect(
      historySizeText({
        rows: { ...rows, [STORES.onlineCounts]: 43_200, playerSnapshots: 1 },
        approxBytes: 1_300_000,
      }),
    ).toBe('About 1.3 MB: 43,200 online counts, 1 player snapshot, 0 price points, 0 listings seen.');
    // Listings alone are history too, and counted in the words.
    expect(historySizeText({ rows: { ...rows, listings: 2 }, approxBytes: 300 })).toBe(
      'About 300 bytes: 0 online counts, 0 player snapshots, 0 price points, 2 listings seen.',
    );
  });
});

describe('Options: History', () => {
  beforeAll(() => {
    freshIndexedDb();
  });
  afterEach(cleanup);

  it('shows the size, asks before clearing, then has nothing stored', async () => {
    const store = pageHistoryStore();
    await store.recordOnlineCount(120, 1_000);
    await store.recordOnlineCount(130, 61_000);
    await store.recordPlayer(player(), 2_000);

    render(<HistorySection />);
    unfoldAll();
    expect(
      await screen.findByText(
        /^About \d+ bytes: 2 online counts, 1 player snapshot, 0 price points, 0 listings seen\.$/,
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    expect(screen.getByText(/^Delete all recorded history\?/)).toBeTruthy();
    // Cancel keeps everything.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await store.onlineCounts(0, 100_000)).length).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    const confirm = screen.getByRole('button', { name: 'Delete history' });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    fireEvent.click(confirm);
    expect(await screen.findByText('No history stored yet.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('History cleared');
    expect(await store.onlineCounts(0, 100_000)).toEqual([]);
    expect((await historyStoreSize(store)).approxBytes).toBe(0);
  });
});
