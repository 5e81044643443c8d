import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ItemPriceHistory } from '@/entrypoints/popup/auctions/item-history/ItemPriceHistory';
import { popupHistory } from '@/entrypoints/popup/auctions/saved/popup-history';
import { makeListing } from '@/tests/fixtures/players';
import { freshIndexedDb } from '@/tests/unit/utils/history/history-fixtures';
import { HOUR_MS } from '@/utils/history/history-limits';
import { createHistoryWriter } from '@/utils/history/history-writer';

vi.mock('uplot', async () => {
  const { FakeUPlot } = await import('@/tests/unit/components/chart/uplot-fake');
  return { default: FakeUPlot };
});
vi.mock('uplot/dist/uPlot.min.css?inline', () => ({ default: '.uplot {}' }));

const barrier = { material: 'BARRIER', name: 'Barrier' };
const listing = (id: number, price: number, name = 'Barrier') =>
  makeListing({ id, price, amount: 1, material: 'BARRIER', display_name: name });

/** Records each batch of listings at its time, at once (the popup's store batches its writes). */
async function seen(...batches: Array<[time: number, listings: ReturnType<typeof listing>[]]>) {
  const writer = createHistoryWriter({ batchMs: 0 });
  for (const [time, listings] of batches) await writer.recordListings(listings, time);
  await writer.close();
}

describe('ItemPriceHistory', () => {
  beforeEach(async () => {
    await popupHistory().close();
    freshIndexedDb();
  });
  afterEach(cleanup);

  it('says no listing of the item was recorded yet, and how they are', async () => {
    // Another item's listings are not this one's.
    await seen([Date.now() - HOUR_MS, [listing(1, 5, 'Cheap barrier')]]);
    render(<ItemPriceHistory item={barrier} onClose={() => {}} />);
    expect(screen.getByText('Reading the recorded listings…')).toBeTruthy();
    expect(
      await screen.findByText('No listings of this item recorded yet: they are recorded as you search.'),
    ).toBeTruthy();
    expect(screen.getByText(/^Asking prices, not sales/)).toBeTruthy();
  });

  it('charts the lowest and median asking price per item of the recorded listings, by range', async () => {
    const now = Date.now();
    await seen(
      [now - 5 * HOUR_MS, [listing(1, 100), listing(2, 40), listing(3, 60)]],
      [now - 3 * HOUR_MS, [listing(4, 90), listing(5, 110)]],
      [now - 60_000, [listing(6, 70)]],
      // Over a day ago: in the 7-day chart only, each in a 6-hour bucket of its own (whichever
      // bucket the last 5 hours fall in, the 7-day chart has three points or more).
      [now - 30 * HOUR_MS, [listing(8, 95)]],
      [now - 50 * HOUR_MS, [listing(9, 95)]],
      [now - 72 * HOUR_MS, [listing(7, 10)]],
    );
    render(<ItemPriceHistory item={barrier} onClose={() => {}} />);
    const chart = await screen.findByRole('img');
    expect(chart.getAttribute('aria-label')).toMatch(
      /^Barrier, last 24 hours\. Barrier: lowest asking price from 40 to 90 each \(now 70\), median from 60 to 100 \(now 70\), last seen .+\.$/,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'last 7 days' }));
    await waitFor(() =>
      expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
        /^Barrier, last 7 days\. Barrier: lowest asking price from 10 to \d+ each/,
      ),
    );
  });

  it('says it is collecting while too few listings were seen for a trend', async () => {
    await seen([Date.now() - 60_000, [listing(1, 100), listing(2, 50)]]);
    render(<ItemPriceHistory item={barrier} onClose={() => {}} />);
    expect(await screen.findByText(/^Few listings yet/)).toBeTruthy();
    expect(screen.getByText(/^Barrier: lowest asking price 50 each \(now 50\), median 75/)).toBeTruthy();
  });

  it('says so when the history cannot be read', async () => {
    vi.spyOn(popupHistory(), 'withDatabase').mockRejectedValueOnce(new Error('blocked'));
    render(<ItemPriceHistory item={barrier} onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The history could not be read/);
  });

  it('goes back with its Back button, focused on opening', async () => {
    const onClose = vi.fn();
    render(<ItemPriceHistory item={barrier} onClose={onClose} />);
    const back = screen.getByRole('button', { name: /Back to the results/ });
    expect(document.activeElement).toBe(back);
    fireEvent.click(back);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
