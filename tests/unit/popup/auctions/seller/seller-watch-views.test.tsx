import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SavedSearches } from '@/entrypoints/popup/auctions/saved/SavedSearches';
import { WatchSellerButton } from '@/entrypoints/popup/auctions/seller/WatchSellerButton';
import { fakeBackground, requestsOf } from '@/tests/fixtures/players';
import { askBackground } from '@/utils/ask-background';
import type { SavedSearchView } from '@/utils/saved-searches/saved-search';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
const ask = vi.mocked(askBackground);

const NOW = Date.now();
const listing = {
  material: 'DIAMOND',
  amount: 64,
  price: 640,
  createdAt: 1,
  endsAt: NOW + 2 * 3_600_000 + 60_000,
};
const NOTCH: SavedSearchView = {
  id: 'w1',
  text: 'Notch',
  sort: 'recent',
  seller: 'Notch',
  last: { at: NOW, lowest: 10, median: 10, listings: 1 },
  sellerState: {
    listed: [{ ...listing, id: 1, name: 'Diamond' }],
    gone: [{ ...listing, id: 2, name: '<b>Shiny</b> Sword', goneAt: NOW - 120_000 }],
  },
};

describe('seller watch in the popup', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
  });
  afterEach(cleanup);

  it('lists a watched seller as "Auctions by <name>", with what is listed and what went before its end', async () => {
    fakeBackground(ask, { 'saved-searches': () => [NOTCH], 'remove-saved-search': () => ({ ok: true }) });
    render(<SavedSearches id="list" onRun={vi.fn()} />);
    const item = await screen.findByRole('listitem', { name: 'Auctions by Notch' });
    expect(within(item).getByText('64 × Diamond for 640, ends in 2 h')).toBeTruthy();
    const gone = within(item).getByRole('list', { name: 'Recently gone' });
    // The item's name is text, never markup.
    expect(gone.textContent).toContain('64 × <b>Shiny</b> Sword for 640, 2 min ago');
    expect(gone.textContent).toContain('gone before its end (sold or cancelled)');
    // No alert price on a watched seller: each new listing of theirs is announced.
    expect(within(item).queryByLabelText('Alert below')).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(requestsOf(ask, 'remove-saved-search')).toEqual([{ type: 'remove-saved-search', id: 'w1' }]),
    );
  });

  it('Watch auctions is a toggle naming the seller: pressed once watched, unpressed once removed', async () => {
    let watched: SavedSearchView[] = [];
    fakeBackground(ask, {
      'saved-searches': () => watched,
      'save-search': () => {
        watched = [NOTCH];
        return { ok: true, search: NOTCH, added: true };
      },
      'remove-saved-search': () => {
        watched = [];
        return { ok: true };
      },
    });
    render(<WatchSellerButton seller="notch" />);
    const button = await screen.findByRole('button', { name: 'Watch auctions by notch' });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(requestsOf(ask, 'save-search')).toEqual([
      { type: 'save-search', text: 'notch', sort: 'recent', seller: 'notch' },
    ]);
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(requestsOf(ask, 'remove-saved-search')).toEqual([{ type: 'remove-saved-search', id: 'w1' }]);
  });
});
