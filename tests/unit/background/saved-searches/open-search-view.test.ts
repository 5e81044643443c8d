import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openSearchView, searchViewUrl } from '@/entrypoints/background/saved-searches/open-search-view';
import { withLinkedSearch } from '@/entrypoints/popup/linked-search';
import { DEFAULT_POPUP_STATE } from '@/entrypoints/popup/popup-state';

describe('opening a saved search from its alert', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('links to the popup page on the Auctions tab, which reads the same link back', () => {
    const url = new URL(searchViewUrl({ text: 'diamond & sword?', sort: 'cheap' }));
    expect(url.pathname).toBe('/popup.html');
    expect(withLinkedSearch(DEFAULT_POPUP_STATE, url.search)).toMatchObject({
      tab: 'auctions',
      auctionQuery: 'diamond & sword?',
      auctionSort: 'cheap',
    });
  });

  it('opens it in a new active tab', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({ id: 3 } as never);
    await openSearchView({ text: 'diamond', sort: 'recent' });
    expect(create).toHaveBeenCalledWith({
      url: expect.stringContaining('?auctions=diamond&sort=recent'),
      active: true,
    });
  });
});
