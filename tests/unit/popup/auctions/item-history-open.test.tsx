import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AuctionsTab } from '@/entrypoints/popup/auctions/AuctionsTab';
import { popupHistory } from '@/entrypoints/popup/auctions/saved/popup-history';
import { fakeBackground, makeListing, makeSearch, ok, requestsOf } from '@/tests/fixtures/players';
import { freshIndexedDb } from '@/tests/unit/utils/history/history-fixtures';
import { askBackground } from '@/utils/ask-background';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
const ask = vi.mocked(askBackground);
vi.mock('@/entrypoints/popup/auctions/read-market', () => ({
  readMarket: vi.fn(() => new Promise(() => {})),
}));

describe('AuctionsTab: a listing’s item price history', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    ask.mockReset();
    await popupHistory().close();
    freshIndexedDb();
  });
  afterEach(cleanup);

  it('opens from the listing, named for its item, and Back returns to the same results and button', async () => {
    const barrier = makeListing({ id: 1, material: 'BARRIER', display_name: 'Barrier' });
    const renamed = makeListing({ id: 2, material: 'DIAMOND_SWORD', display_name: '&6Excalibur' });
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([barrier, renamed])) });
    render(
      <AuctionsTab
        initialQuery=""
        initialSort="recent"
        onChange={() => {}}
        onOpenPlayer={() => {}}
        fieldRef={createRef()}
      />,
    );
    const button = await screen.findByRole('button', { name: 'Price history of Barrier' });
    // A renamed item is named as the seller named it, with its kind.
    expect(screen.getByRole('button', { name: 'Price history of Excalibur (Diamond Sword)' })).toBeTruthy();
    fireEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'Price history: Barrier' })).toBeTruthy();
    expect(
      await screen.findByText('No listings of this item recorded yet: they are recorded as you search.'),
    ).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Back to the results/ }));
    expect(await screen.findByText('2 of 2 listings')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Price history of Barrier' })),
    );
    // The results were kept: no second search.
    expect(requestsOf(ask, 'auction-search')).toHaveLength(1);
  });
});
