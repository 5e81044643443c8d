// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { withLinkedSearch } from '@/entrypoints/popup/linked-search';
import { DEFAULT_POPUP_STATE } from '@/entrypoints/popup/popup-state';

describe('withLinkedSearch', () => {
  it('opens the Auctions tab on the linked search', () => {
    expect(withLinkedSearch(DEFAULT_POPUP_STATE, '?auctions=diamond+sword&sort=cheap')).toMatchObject({
      tab: 'auctions',
      auctionQuery: 'diamond sword',
      auctionSort: 'cheap',
    });
  });

  it('keeps the sort for an unknown one and ignores empty or huge text', () => {
    expect(withLinkedSearch(DEFAULT_POPUP_STATE, '?auctions=x&sort=sideways').auctionSort).toBe(
      DEFAULT_POPUP_STATE.auctionSort,
    );
    expect(withLinkedSearch(DEFAULT_POPUP_STATE, '?auctions=%20')).toEqual(DEFAULT_POPUP_STATE);
    expect(withLinkedSearch(DEFAULT_POPUP_STATE, `?auctions=${'x'.repeat(101)}`)).toEqual(
      DEFAULT_POPUP_STATE,
    );
    expect(withLinkedSearch(DEFAULT_POPUP_STATE, '?player=Notch')).toEqual(DEFAULT_POPUP_STATE);
  });
});
