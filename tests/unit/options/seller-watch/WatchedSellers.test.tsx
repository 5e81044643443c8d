import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SavedSearchesSection } from '@/entrypoints/options/SavedSearchesSection';
import { requestsOf } from '@/tests/fixtures/players';
import { storeSearches } from '@/tests/fixtures/saved-searches';
import { askBackground } from '@/utils/ask-background';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
const ask = vi.mocked(askBackground);

describe('watched sellers in Options, Saved searches', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
  });
  afterEach(cleanup);

  it('lists each as "Auctions by <name>", removable, and counts it in the background checks', async () => {
    await storeSearches([
      { id: 'a', text: 'diamond', sort: 'cheap' },
      { id: 'w', text: 'Notch', sort: 'recent', seller: 'Notch' },
    ]);
    ask.mockResolvedValue({ ok: true });
    render(
      <SavedSearchesSection
        backgroundRequestsPerHour={60}
        badgeEnabled={false}
        badgeShows="online-count"
        badgeIntervalSeconds={60}
      />,
    );
    expect(await screen.findByText(/^Auctions by Notch/)).toBeTruthy();
    expect(screen.queryByText(/diamond/)).toBeNull();
    // The watched seller is checked in the background like an alert.
    expect(
      await screen.findByText(/^Your saved search with an alert is checked about every 1 min /),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stop watching auctions by Notch' }));
    await waitFor(() =>
      expect(requestsOf(ask, 'remove-saved-search')).toEqual([{ type: 'remove-saved-search', id: 'w' }]),
    );
    await storeSearches([{ id: 'a', text: 'diamond', sort: 'cheap' }]);
    await waitFor(() => expect(screen.queryByText(/^Auctions by Notch/)).toBeNull());
  });
});
