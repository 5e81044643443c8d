import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  DEFAULT_POPUP_STATE,
  loadPopupState,
  popupStateItem,
  sanitizePopupState,
  savePopupState,
} from '@/entrypoints/popup/popup-state';

describe('popup state', () => {
  beforeEach(() => fakeBrowser.reset());

  it('starts on the Player tab with empty queries', async () => {
    expect(await loadPopupState()).toEqual({
      tab: 'player',
      playerQuery: '',
      auctionQuery: '',
      auctionSort: 'recent',
      leaderboardBoard: 'balance',
      leaderboardLimit: 10,
    });
    expect(DEFAULT_POPUP_STATE.tab).toBe('player');
  });

  it('round-trips through storage.local', async () => {
    const state = {
      tab: 'auctions' as const,
      playerQuery: 'Steve',
      auctionQuery: 'gold',
      auctionSort: 'cheap' as const,
      leaderboardBoard: 'kills' as const,
      leaderboardLimit: 50 as const,
    };
    await savePopupState(state);
    expect(await fakeBrowser.storage.local.get('popupState')).toEqual({ popupState: state });
    expect(await loadPopupState()).toEqual(state);
  });

  it('replaces each bad field by its default, keeping the good ones', () => {
    expect(
      sanitizePopupState({
        tab: 'settings',
        playerQuery: 42,
        auctionQuery: 'gold',
        auctionSort: 'random',
        leaderboardBoard: 'deaths',
        leaderboardLimit: 30,
      }),
    ).toEqual({ ...DEFAULT_POPUP_STATE, auctionQuery: 'gold' });
    expect(sanitizePopupState(null)).toEqual(DEFAULT_POPUP_STATE);
    expect(sanitizePopupState('x'.repeat(10))).toEqual(DEFAULT_POPUP_STATE);
    expect(sanitizePopupState({ playerQuery: 'x'.repeat(65) }).playerQuery).toBe('');
  });

  it('survives junk in storage', async () => {
    await popupStateItem.setValue(['not', 'an', 'object']);
    expect(await loadPopupState()).toEqual(DEFAULT_POPUP_STATE);
  });
});
